package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// newFlags returns a flag set whose -h output is the synopsis, a short
// description, the command's own flags and the environment it reads.
func newFlags(name, synopsis, about string, env [][2]string) *flag.FlagSet {
	fs := flag.NewFlagSet("stophook "+name, flag.ContinueOnError)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: stophook %s %s\n\n%s\n\nflags:\n", name, synopsis, strings.TrimSpace(about))
		fs.PrintDefaults()
		if len(env) > 0 {
			fmt.Fprintln(w, "\nenvironment:")
			for _, e := range env {
				fmt.Fprintf(w, "  %-34s %s\n", e[0], e[1])
			}
		}
	}
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
// code 0, a bad flag returns done with code 2.
func parse(fs *flag.FlagSet, args []string, s *sys) (done bool, code int) {
	fs.SetOutput(s.stderr)
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "-help" || a == "--help" {
			fs.SetOutput(s.stdout)
			fs.Usage()
			return true, 0
		}
	}
	if err := fs.Parse(args); err != nil {
		return true, 2
	}
	return false, 0
}
