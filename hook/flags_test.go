package hook

import (
	"bytes"
	"flag"
	"io"
	"strings"
	"testing"
)

func TestFlagsHelp(t *testing.T) {
	t.Parallel()
	var o Options
	fs := flag.NewFlagSet("stophook-x", flag.ContinueOnError)
	var errb bytes.Buffer
	code, done := o.parseFlags(fs, []string{"-h"}, &errb, io.Discard)
	if code != 0 || !done {
		t.Fatalf("-h: got code %d done %v, want 0 and done", code, done)
	}
	help := errb.String()
	flags, envs := strings.Index(help, "-explain"), strings.Index(help, "environment:")
	if !strings.HasPrefix(help, "usage: stophook-x") || flags < 0 || strings.Index(help, "-version") < 0 || envs < flags {
		t.Errorf("usage %q: want the flags, then the environment", help)
	}
	for _, v := range envVars {
		if !strings.Contains(help[envs:], v[0]) {
			t.Errorf("usage does not list %s", v[0])
		}
	}
}

func TestFlagsExplainAndVersion(t *testing.T) {
	t.Parallel()
	var o Options
	fs := flag.NewFlagSet("h", flag.ContinueOnError)
	if _, done := o.parseFlags(fs, []string{"-explain", "-version"}, io.Discard, io.Discard); done {
		t.Fatal("parse ended early")
	}
	if !o.Explain || !o.version {
		t.Errorf("got explain %v version %v, want both set", o.Explain, o.version)
	}
	if v := Version("stophook-x"); !strings.HasPrefix(v, "stophook-x ") || !strings.Contains(v, " go1.") {
		t.Errorf("version %q, want it to start with the name", v)
	}
}

// TestFlagsBadCommandLineFailsOpen: an unknown flag lets the session stop.
func TestFlagsBadCommandLineFailsOpen(t *testing.T) {
	t.Parallel()
	var o Options
	var errb bytes.Buffer
	code, done := o.parseFlags(flag.NewFlagSet("stophook-x", flag.ContinueOnError), []string{"-nope"}, io.Discard, &errb)
	want := "stophook-x: flag provided but not defined: -nope (stophook-x -h for help); allowing stop\n"
	if code != 0 || !done || errb.String() != want {
		t.Errorf("got code %d done %v stderr %q, want 0, done and one line %q", code, done, errb.String(), want)
	}
}
