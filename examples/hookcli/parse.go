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
// when the hook must not run: after -h, or after a mistake, which it
// reports in one line on stderr and answers by letting the session stop
// (a broken hook command line must never trap a session). A hook takes
// no arguments: one left after the flags is a mistake (see [QuoteArg]).
func ParseHook(fs *flag.FlagSet, args []string, stderr io.Writer) (done bool) {
	err := Parse(fs, args)
	if err == nil && fs.NArg() > 0 {
		err = fmt.Errorf("%s: unexpected argument %s: flags go before any argument, and a hook takes none (%s -h for help)",
			fs.Name(), QuoteArg(fs.Arg(0)), fs.Name())
	}
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(stderr, "%v; allowing stop\n", err)
	}
	return err != nil
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
