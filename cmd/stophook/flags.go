package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/stophook/stophook/examples/hookcli"
)

// newFlags returns a flag set whose -h output is the synopsis, a short
// description, the command's own flags and the environment it reads: the
// format of every stophook binary (hookcli.SetUsage).
func newFlags(name, synopsis, about string, env [][2]string) *flag.FlagSet {
	fs := flag.NewFlagSet("stophook "+name, flag.ContinueOnError)
	vars := make([]hookcli.Var, len(env))
	for i, e := range env {
		vars[i] = hookcli.Var(e)
	}
	hookcli.SetUsage(fs, fmt.Sprintf("usage: stophook %s %s\n\n%s", name, synopsis, strings.TrimSpace(about)), vars)
	return fs
}

// usageOf prints the -h output of the flag set make returns.
func usageOf[T any](make func(*T) *flag.FlagSet) func(io.Writer) {
	return func(w io.Writer) {
		fs := make(new(T))
		fs.SetOutput(w)
		fs.Usage()
	}
}

// parse parses args; -h prints the usage on stdout and returns done with
// code 0, a bad flag prints one line (the mistake, the valid choices where
// there are some, a hint to -h; not the usage) and returns done with code 2.
func parse(fs *flag.FlagSet, args []string, s *sys) (done bool, code int) {
	fs.SetOutput(s.stdout)
	if err := hookcli.Parse(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return true, 0
		}
		fmt.Fprintln(s.stderr, err)
		return true, 2
	}
	return false, 0
}
