package hookcli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Parse parses args with fs the way every stophook binary does. -h (or
// -help) prints fs's usage on fs's output and returns [flag.ErrHelp]. A
// mistake prints nothing and returns one line: the mistake, the valid
// choices when the flag has some ([Choice], [Continue]) and a hint to -h —
// not the whole usage. fs's error handling becomes [flag.ContinueOnError].
func Parse(fs *flag.FlagSet, args []string) error {
	out := fs.Output()
	var buf bytes.Buffer
	fs.Init(fs.Name(), flag.ContinueOnError)
	fs.SetOutput(&buf)
	err := fs.Parse(args)
	fs.SetOutput(out)
	switch {
	case errors.Is(err, flag.ErrHelp):
		out.Write(buf.Bytes())
		return err
	case err != nil:
		return fmt.Errorf("%s: %v (%s -h for help)", fs.Name(), err, fs.Name())
	}
	return nil
}

// ParseHook parses a hook's command line with [Parse]. It returns done
// when the hook must not run, with the exit code: after -h (0), or after
// a mistake, which it reports in one line on stderr. A hook answers a
// mistake by letting the session stop, exit 0 (a broken hook command line
// must never trap a session), through [FailOpen], which reads stdin for
// the decision log. A server does not: when fs has an -http
// flag and args ask for it ([AsksToServe]) the process is a hook server an
// operator or a service manager started, and a mistake is a failure they
// must see: exit 1, without "allowing stop". -http given an empty address
// is such a mistake too. A hook takes no arguments: one left after the
// flags is a mistake (see [QuoteArg]).
func ParseHook(fs *flag.FlagSet, args []string, stdin io.Reader, stderr io.Writer) (exit int, done bool) {
	err := Parse(fs, args)
	if err == nil && fs.NArg() > 0 {
		err = fmt.Errorf("%s: unexpected argument %s: flags go before any argument, and a hook takes none (%s -h for help)",
			fs.Name(), QuoteArg(fs.Arg(0)), fs.Name())
	}
	serving := fs.Lookup("http") != nil && AsksToServe(args)
	if err == nil && serving && fs.Lookup("http").Value.String() == "" {
		err = fmt.Errorf("%s: -http needs an address such as 127.0.0.1:8787 (%s -h for help)", fs.Name(), fs.Name())
	}
	switch {
	case err == nil:
		return 0, false
	case errors.Is(err, flag.ErrHelp):
		return 0, true
	case serving:
		fmt.Fprintln(stderr, err)
		return 1, true
	}
	return FailOpen(err.Error(), stdin, stderr), true
}

// AsksToServe reports whether args, a command line that may not parse,
// hold an -http flag (-http, --http, -http=ADDR or --http=ADDR) before any
// "--": the process was started as a hook server, not as a hook.
func AsksToServe(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		name, ok := strings.CutPrefix(a, "-")
		if !ok {
			continue
		}
		name, _, _ = strings.Cut(strings.TrimPrefix(name, "-"), "=")
		if name == "http" {
			return true
		}
	}
	return false
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
		return fmt.Errorf("want %s", OrList(c.choices))
	}
	*c.value = v
	return nil
}

// Choice defines the flag name on fs, taking one of choices, default
// value; any other value is a mistake that names the choices.
func Choice(fs *flag.FlagSet, p *string, name, value, usage string, choices ...string) {
	*p = value
	fs.Var(choice{p, choices}, name, usage)
}

// OrList joins words as "a, b or c".
func OrList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
