package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
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
	// A bad flag is one line naming the valid choices where there are
	// some, and where the whole usage is: not the usage itself.
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(s.stderr, "%s: %v (%s -h lists the flags)\n", fs.Name(), err, fs.Name())
		return true, 2
	}
	return false, 0
}

// choice is a string flag that takes one of a fixed set of values.
type choice struct {
	value   *string
	choices []string
}

func (c choice) String() string {
	if c.value == nil {
		return ""
	}
	return *c.value
}

func (c choice) Set(v string) error {
	if !slices.Contains(c.choices, v) {
		return fmt.Errorf("use %s", orList(c.choices))
	}
	*c.value = v
	return nil
}

// choiceVar defines a flag taking one of choices, default value.
func choiceVar(fs *flag.FlagSet, p *string, name, value, usage string, choices ...string) {
	*p = value
	fs.Var(choice{p, choices}, name, usage)
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
