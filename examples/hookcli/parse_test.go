package hookcli

import (
	"bytes"
	"errors"
	"flag"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		args    []string
		wantErr string // "" for none
		help    bool
	}{
		{"ok", []string{"-scope", "local"}, "", false},
		{"help", []string{"-h"}, "", true},
		{"unknown flag", []string{"-bogus"}, "x sub: flag provided but not defined: -bogus (x sub -h for help)", false},
		{"bad choice", []string{"-scope", "foo"}, `x sub: invalid value "foo" for flag -scope: want user, project or local (x sub -h for help)`, false},
		{"bad continue", []string{"-continue", "later"}, `x sub: invalid value "later" for flag -continue: want block or context (x sub -h for help)`, false},
		{"missing value", []string{"-scope"}, "x sub: flag needs an argument: -scope (x sub -h for help)", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fs := flag.NewFlagSet("x sub", flag.ExitOnError) // Parse must not exit
			var out bytes.Buffer
			fs.SetOutput(&out)
			var scope string
			var withContext bool
			Choice(fs, &scope, "scope", "user", "`SCOPE`", "user", "project", "local")
			Continue(fs, &withContext)
			SetUsage(fs, "usage: x sub [flags]", Runner)
			err := Parse(fs, tt.args)
			switch {
			case tt.help:
				if !errors.Is(err, flag.ErrHelp) || !strings.HasPrefix(out.String(), "usage: x sub [flags]\n\nflags:\n") {
					t.Errorf("-h: got %v and %q, want flag.ErrHelp and the usage", err, out.String())
				}
			case tt.wantErr == "":
				if err != nil {
					t.Errorf("got %v, want no error", err)
				}
			default:
				if err == nil || err.Error() != tt.wantErr || strings.Contains(err.Error(), "\n") {
					t.Errorf("got %v, want the one line %q", err, tt.wantErr)
				}
				if out.Len() != 0 {
					t.Errorf("a mistake printed %q, want nothing (not the usage)", out.String())
				}
			}
		})
	}
}

func TestParseHookFailsOpen(t *testing.T) {
	t.Parallel()
	fs := flag.NewFlagSet("stophook-mine", flag.ContinueOnError)
	var errb bytes.Buffer
	if code, done := ParseHook(fs, []string{"-nope"}, strings.NewReader(""), &errb); !done || code != 0 {
		t.Fatalf("a bad command line: got exit %d, done %v; want the hook not to run, exit 0", code, done)
	}
	if want := "stophook-mine: flag provided but not defined: -nope (stophook-mine -h for help); allowing stop\n"; errb.String() != want {
		t.Errorf("got %q, want %q", errb.String(), want)
	}
	if _, done := ParseHook(flag.NewFlagSet("h", flag.ContinueOnError), nil, strings.NewReader(""), &errb); done {
		t.Error("no arguments: got done true")
	}
}

// TestParseHookStrayArguments: a hook takes no arguments. One left after
// the flags (a store URL without -store, say) is refused in one line that
// lets the stop through, instead of being ignored while the hook keeps
// its state somewhere else; the line does not show a password the
// argument holds.
func TestParseHookStrayArguments(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"redis://:s3cret@127.0.0.1:6379/0"},
		{"-x", "redis://user:s3cret@127.0.0.1:6379/0", "more"},
		{"rediss:/:s3cret@host/0"},
	} {
		fs := flag.NewFlagSet("stophook-mine", flag.ContinueOnError)
		fs.Bool("x", false, "")
		var errb bytes.Buffer
		if code, done := ParseHook(fs, args, strings.NewReader(""), &errb); !done || code != 0 {
			t.Errorf("%q: got exit %d, done %v; want the hook not to run, exit 0", args, code, done)
		}
		if line := errb.String(); strings.Count(line, "\n") != 1 || !strings.Contains(line, "unexpected argument") ||
			!strings.HasSuffix(line, "; allowing stop\n") || strings.Contains(line, "s3cret") {
			t.Errorf("%q: got %q, want one line naming the argument without its password", args, line)
		}
	}
}

// TestParseHookServerFails: with -http on the command line the process
// is a hook server an operator started, so a broken command line is a
// failure they see (exit 1, one line without "allowing stop"), not a
// silent exit 0; the same mistakes without -http still let the stop
// through, and -http on a binary without that flag changes nothing.
func TestParseHookServerFails(t *testing.T) {
	t.Parallel()
	newFS := func(withHTTP bool) *flag.FlagSet {
		fs := flag.NewFlagSet("stophook-mine", flag.ContinueOnError)
		fs.Bool("x", false, "")
		if withHTTP {
			fs.String("http", "", "")
		}
		return fs
	}
	for _, tc := range []struct {
		args     []string
		withHTTP bool
		want     int
	}{
		{[]string{"-http", "127.0.0.1:0", "-nope"}, true, 1},
		{[]string{"-nope", "--http=127.0.0.1:0"}, true, 1},
		{[]string{"-http=127.0.0.1:0", "stray"}, true, 1},
		{[]string{"-http", ""}, true, 1},
		{[]string{"-x", "-http"}, true, 1}, // no address after it
		{[]string{"-nope"}, true, 0},
		{[]string{"-x", "stray", "-http", "127.0.0.1:0"}, true, 1},
		{[]string{"-x", "--", "-http"}, true, 0},
		{[]string{"-http", "127.0.0.1:0"}, false, 0},
	} {
		var errb bytes.Buffer
		code, done := ParseHook(newFS(tc.withHTTP), tc.args, strings.NewReader(""), &errb)
		if !done || code != tc.want {
			t.Errorf("%q: got exit %d, done %v; want done, exit %d", tc.args, code, done, tc.want)
		}
		line := errb.String()
		if strings.Count(line, "\n") != 1 || strings.HasSuffix(line, "allowing stop\n") != (tc.want == 0) {
			t.Errorf("%q: got %q, want one line, \"allowing stop\" only for a hook", tc.args, line)
		}
	}
	var errb bytes.Buffer
	if code, done := ParseHook(newFS(true), []string{"-http", "127.0.0.1:0", "-x"}, strings.NewReader(""), &errb); done || code != 0 || errb.Len() > 0 {
		t.Errorf("a good server command line: got exit %d, done %v, stderr %q; want it served", code, done, errb.String())
	}
}

func TestQuoteArg(t *testing.T) {
	t.Parallel()
	for arg, want := range map[string]string{
		"extra":                    `"extra"`,
		"redis://:pw@h:1/0":        `"redis://:xxxxx@h:1/0"`,
		"redis://u:pw@h:1/0?x=a@b": `"redis://u:xxxxx@h:1/0?x=a@b"`,
		"redis:/:pw@h":             `"redis:/:xxxxx@h"`,
		"user@host":                `"user@host"`,
		`C:\state`:                 `"C:\\state"`,
		"file:///srv/a@b":          `"file:///srv/a@b"`,
		"https://u@h/":             `"https://u@h/"`,
		"redis://:p:w@h/0":         `"redis://:xxxxx@h/0"`,
		// A password with a / ? or # it should have percent-encoded (a
		// base64 one, say): the URL's user info ends at its last @.
		"redis://:ab/cd+ef@h:1/0": `"redis://:xxxxx@h:1/0"`,
		"redis://u:ab?cd@h:1/0":   `"redis://u:xxxxx@h:1/0"`,
		"redis://:ab#cd@h":        `"redis://:xxxxx@h"`,
	} {
		if got := QuoteArg(arg); got != want {
			t.Errorf("QuoteArg(%q) = %s, want %s", arg, got, want)
		}
	}
}
