// Command stophook-loop is the idle loop: a Stop hook that keeps Claude Code
// iterating on a task until the agent emits a completion signal, plus the
// commands that start, inspect and abort loops. The command lines are a
// contract:
//
//	stophook-loop start [-mode loop|issue|grind] [-max N] [-session ID] [-shared] [-state DIR] [-store URL] PROMPT
//	stophook-loop status [-session ID] [-shared] [-state DIR] [-store URL]
//	stophook-loop abort [-session ID] [-shared] [-state DIR] [-store URL]
//	stophook-loop [-explain] [-exit2] [-continue block|context] [-remind] [-verify CMD] [-verify-timeout D] [-state DIR] [-store URL]   # the Stop hook: hook JSON on stdin
//	stophook-loop -http ADDR [-store URL] [hook flags]   # the Stop hook as a type:"http" server
//
// -session defaults to $CLAUDE_CODE_SESSION_ID, which Claude Code sets in
// its Bash tool, so the agent can start a loop for its own session. A
// loop started with -shared is iterated by every session whose working
// directory is this one, and by no session of another project.
// State lives under $STOPHOOK_STATE_DIR, else <cwd>/.claude/stophook; -state
// DIR overrides, and -store URL (else $STOPHOOK_STORE) picks any store: a
// directory, file:DIR, memory: (with -http only), redis://host:port/db or
// rediss:// — a fleet of -http servers shares its loops through Redis.
// With -http the server answers GET /healthz and GET /metrics too, and
// drains its requests on SIGTERM. Set IDLE_LOOP_DISABLE=1 to let every
// stop through.
//
// The hook continues each iteration with {"decision":"block"} and the
// "[ITERATION N/MAX] …" reason; -continue context sends the same text as
// Stop additionalContext instead (Claude Code only: no "Stop hook reported
// a problem" label). A stop while a background task runs is a pause: it
// does not count as an iteration.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/examples/hookcli"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/httphook"
	"github.com/stophook/stophook/loopstate"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/storeurl"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv, time.Now))
}

// env is the process environment seam (os.Getenv in main).
type env func(string) string

func run(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv env, now func() time.Time) int {
	if len(args) > 0 {
		switch args[0] {
		case "start":
			return cmdStart(args[1:], stdout, stderr, getenv, now)
		case "status":
			return cmdStatus(args[1:], stdout, stderr, getenv, now)
		case "abort", "cancel":
			return cmdAbort(args[0], args[1:], stdout, stderr, getenv, now)
		case "hook":
			return cmdHook(args[1:], stdin, stdout, stderr, getenv, now)
		case "-version", "--version", "version":
			hookcli.PrintVersion(stdout, "stophook-loop")
			return 0
		case "help":
			if len(args) > 1 {
				return run([]string{args[1], "-h"}, stdin, stdout, stderr, getenv, now)
			}
			args = []string{"-h"}
		}
	}
	return cmdHook(args, stdin, stdout, stderr, getenv, now)
}

// commands are the subcommands, for the line about an unknown one.
var commands = []string{"start", "status", "abort", "cancel", "version", "help"}

const usage = `usage:
  stophook-loop start [-mode loop|issue|grind] [-max N] [-session ID] [-shared] [-state DIR] [-store URL] PROMPT
  stophook-loop status [-session ID] [-shared] [-state DIR] [-store URL]
  stophook-loop abort [-session ID] [-shared] [-state DIR] [-store URL]
  stophook-loop cancel [-session ID] [-shared] [-state DIR] [-store URL]  (abort, for a human: /loop:cancel)
  stophook-loop [flags]  (the Stop hook: hook JSON on stdin; these flags)
  stophook-loop -http ADDR [-store URL] [flags]  (Stop hook server; GET /healthz, GET /metrics)
  stophook-loop version
run "stophook-loop COMMAND -h" (or "stophook-loop help COMMAND") for the flags of a command.`

// target holds the flags that select a loop record.
type target struct {
	session string
	shared  bool
	state   string
	store   string
	getenv  env
}

func (t *target) register(fs *flag.FlagSet, getenv env) {
	fs.StringVar(&t.session, "session", getenv("CLAUDE_CODE_SESSION_ID"), "session `ID` that owns the loop (default $CLAUDE_CODE_SESSION_ID)")
	fs.BoolVar(&t.shared, "shared", false, "use the loop shared by every session of this project directory (the working directory)")
	fs.StringVar(&t.state, "state", "", "state `DIR` (default $STOPHOOK_STATE_DIR, else <cwd>/.claude/stophook)")
	fs.StringVar(&t.store, "store", "", storeurl.Usage)
	t.getenv = getenv
}

// open returns the loops of the store the flags name and the loop's key;
// close releases the store.
func (t *target) open() (loops *loopstate.Loops, key string, close func(), err error) {
	// A $STOPHOOK_STORE it cannot use is refused, not replaced by the
	// default store: a loop started there would never be seen by the
	// hooks or servers that use the store the variable was meant to name.
	spec, err := storeurl.FromFlags(t.store, t.state, t.getenv)
	if err != nil {
		return nil, "", nil, err
	}
	opened, err := storeurl.Open(spec, storeurl.Options{})
	if err != nil {
		return nil, "", nil, err
	}
	var store stophook.Store
	close = func() {}
	if opened != nil {
		store, close = opened.Store, func() { opened.Close() }
	} else if dir := t.getenv(hook.StateDirEnv); dir != "" {
		store = stophook.NewFileStore(dir)
	} else {
		store = stophook.NewFileStore(stophook.StateDir(""))
	}
	loops = &loopstate.Loops{Store: store}
	if t.shared {
		wd, err := os.Getwd()
		if err != nil {
			close()
			return nil, "", nil, err
		}
		return loops, loopstate.SharedKeyFor(wd), close, nil
	}
	if t.session == "" {
		close()
		return nil, "", nil, errors.New("no session: pass -session ID (or set CLAUDE_CODE_SESSION_ID), or -shared")
	}
	key, err = loopstate.SessionKey(t.session)
	if err != nil {
		close()
		return nil, "", nil, err
	}
	return loops, key, close, nil
}

// parseArgs parses a command's args with fs, and refuses the arguments
// flag parsing leaves that the command cannot mean: any, for a command
// that takes none, and, after start's PROMPT, a word naming one of its
// flags. Go's flags end at the first argument, so `start PROMPT -store
// URL` made "-store URL" words of the prompt: the loop went to another
// store, with the URL (and any password in it) in its record.
func parseArgs(fs *flag.FlagSet, args []string, prompt bool) error {
	if err := hookcli.Parse(fs, args); err != nil {
		return err
	}
	help := fmt.Sprintf("(%s -h for help)", fs.Name())
	if !prompt {
		if fs.NArg() > 0 {
			return fmt.Errorf("%s: takes no arguments, got %d: flags go before any argument %s", fs.Name(), fs.NArg(), help)
		}
		return nil
	}
	for _, a := range fs.Args() {
		name, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if strings.HasPrefix(a, "-") && name != "" && fs.Lookup(name) != nil {
			return fmt.Errorf("%s: flag -%s after the PROMPT: put flags before it, and the prompt in quotes %s", fs.Name(), name, help)
		}
	}
	return nil
}

// parseFailed reports a flag parse error in one line and returns the exit
// code: 0 after -h, else 2.
func parseFailed(stderr io.Writer, err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	fmt.Fprintln(stderr, err)
	return 2
}

// newFlags returns the flag set of a command; its -h goes to stdout.
func newFlags(name string, stdout io.Writer) *flag.FlagSet {
	full := "stophook-loop " + name
	if name == "hook" {
		full = "stophook-loop" // the default command
	}
	fs := flag.NewFlagSet(full, flag.ContinueOnError)
	fs.SetOutput(stdout)
	vars := []hookcli.Var{
		{"CLAUDE_CODE_SESSION_ID", "default -session (set by Claude Code in its Bash tool)"},
		{"STOPHOOK_STATE_DIR", "state directory (default <cwd>/.claude/stophook)"},
		{storeurl.Env, "default -store"},
		{"CLAUDE_CODE_STOP_HOOK_BLOCK_CAP", "Claude Code's cap on consecutive Stop-hook blocks (start warns when -max is above it)"},
	}
	if name == "hook" {
		vars = append(hookcli.Runner, hookcli.Var{loopstate.DisableEnv, "1 lets every stop through"},
			hookcli.Var{storeurl.Env, "default -store"}, hookcli.Var{httphook.TokenEnv, "bearer token the -http server requires (needed for a non-loopback ADDR)"})
	}
	head := "usage: " + full + " [flags]"
	switch name {
	case "start":
		head += " PROMPT"
	case "hook":
		head = usage
	}
	hookcli.SetUsage(fs, head, vars)
	hookcli.Version(fs)
	return fs
}

func cmdStart(args []string, stdout, stderr io.Writer, getenv env, now func() time.Time) int {
	fs := newFlags("start", stdout)
	var t target
	t.register(fs, getenv)
	var modes []string
	for _, m := range loopstate.Modes {
		modes = append(modes, string(m))
	}
	var mode string
	hookcli.Choice(fs, &mode, "mode", string(loopstate.ModeLoop), "`MODE`: "+hookcli.OrList(modes)+" (decides the completion signal)", modes...)
	max := fs.Int("max", 8, "stop after `N` iterations (above 8, raise CLAUDE_CODE_STOP_HOOK_BLOCK_CAP)")
	if err := parseArgs(fs, args, true); err != nil {
		return parseFailed(stderr, err)
	}
	prompt := strings.Join(fs.Args(), " ")
	m, err := loopstate.ParseMode(mode)
	if err != nil {
		return fail(stderr, err)
	}
	loops, key, closeStore, err := t.open()
	if err != nil {
		return fail(stderr, err)
	}
	defer closeStore()
	s, err := loops.Push(context.Background(), key, loopstate.Frame{Mode: m, Max: *max, Prompt: prompt}, now())
	if err != nil {
		return fail(stderr, err)
	}
	top, _ := s.Top()
	nest := ""
	if len(s.Stack) > 1 {
		nest = fmt.Sprintf(" (nested, depth %d)", len(s.Stack))
	}
	fmt.Fprintf(stdout, "loop started%s: mode %s, iteration %d/%d, run %s\n", nest, top.Mode, top.Iter, top.Max, s.RunID)
	fmt.Fprintf(stdout, "finish by writing one of these on its own line: %s\n", signalList(top.Mode))
	if w := loopstate.CapWarning(top.Max, loopstate.BlockCap(getenv)); w != "" {
		fmt.Fprintln(stderr, "loop: "+w)
	}
	return 0
}

func cmdStatus(args []string, stdout, stderr io.Writer, getenv env, now func() time.Time) int {
	fs := newFlags("status", stdout)
	var t target
	t.register(fs, getenv)
	if err := parseArgs(fs, args, false); err != nil {
		return parseFailed(stderr, err)
	}
	loops, key, closeStore, err := t.open()
	if err != nil {
		return fail(stderr, err)
	}
	defer closeStore()
	raw, err := loops.Store.Get(context.Background(), key)
	if errors.Is(err, stophook.ErrNotFound) {
		fmt.Fprintln(stdout, "IDLE: no loop")
		return 0
	}
	if err != nil {
		return fail(stderr, err) // the store is out of reach: nothing known of the loop
	}
	s, err := loopstate.Parse(raw)
	if err != nil {
		fmt.Fprintf(stdout, "ABORTED at the next stop: %v\n", err)
		return 0
	}
	t0 := now()
	phase := loops.Machine.PhaseOf(s, t0)
	line := fmt.Sprintf("%s: event %s, run %s, updated %s (%s ago)", phase, s.Event, s.RunID,
		s.UpdatedAt.UTC().Format(time.RFC3339), t0.Sub(s.UpdatedAt).Round(time.Second))
	if s.Reason != "" {
		line += ", reason " + s.Reason
	}
	if phase == loopstate.Stuck {
		line += " — stale: the next stop ends it"
	}
	fmt.Fprintln(stdout, line)
	for i := len(s.Stack) - 1; i >= 0; i-- {
		f := s.Stack[i]
		fmt.Fprintf(stdout, "  [%d] %s %d/%d: %s\n", i, f.Mode, f.Iter, f.Max, oneLine(f.Prompt, 100))
	}
	if top, ok := s.Top(); ok && s.Active() {
		if w := loopstate.CapWarning(top.Max, loopstate.BlockCap(getenv)); w != "" {
			fmt.Fprintln(stdout, w)
		}
	}
	return 0
}

// cmdAbort ends the loop; name is "abort" or "cancel" (the same, for a
// human: the plugin's /loop:cancel runs it).
func cmdAbort(name string, args []string, stdout, stderr io.Writer, getenv env, now func() time.Time) int {
	fs := newFlags(name, stdout)
	var t target
	t.register(fs, getenv)
	if err := parseArgs(fs, args, false); err != nil {
		return parseFailed(stderr, err)
	}
	loops, key, closeStore, err := t.open()
	if err != nil {
		return fail(stderr, err)
	}
	defer closeStore()
	if _, err := loops.Abort(context.Background(), key, loopstate.ReasonAborted+": loop "+name, now()); err != nil {
		return fail(stderr, err)
	}
	done := map[string]string{"abort": "aborted", "cancel": "cancelled"}[name]
	fmt.Fprintf(stdout, "loop %s: the next stop goes through\n", done)
	return 0
}

func cmdHook(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv env, now func() time.Time) int {
	fs := newFlags("hook", stdout)
	explain := fs.Bool("explain", false, "print the decision trace on stderr")
	exit2 := fs.Bool("exit2", false, "block with exit code 2 (JSON on stdout, reason on stderr)")
	remind := fs.Bool("remind", false, "repeat the loop's prompt in the block reason")
	var withContext bool
	hookcli.Continue(fs, &withContext)
	verify := fs.String("verify", "", "shell `CMD` that must exit 0 before a completion signal counts (e.g. 'go test ./...')")
	verifyTimeout := fs.Duration("verify-timeout", loopstate.DefaultVerifyTimeout, "time limit of -verify")
	state := fs.String("state", "", "state `DIR` (default $STOPHOOK_STATE_DIR, else <cwd of the session>/.claude/stophook)")
	storeSpec := fs.String("store", "", storeurl.Usage)
	addr := fs.String("http", "", "serve type:\"http\" hooks on `ADDR` instead of reading stdin")
	// A broken hook command line must not trap the session.
	// A server's (-http) must fail where the operator sees it: exit 1.
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		line := fmt.Sprintf("stophook-loop: unknown command %s (one of %s; stophook-loop -h for help)",
			hookcli.QuoteArg(args[0]), strings.Join(commands, ", "))
		if hookcli.AsksToServe(args) {
			fmt.Fprintln(stderr, line)
			return 1
		}
		return hookcli.FailOpen(line, stdin, stderr)
	}
	if code, done := hookcli.ParseHook(fs, args, stdin, stderr); done {
		return code // -h, a mistake, or an argument after the flags
	}
	spec, warn := storeurl.FromFlags(*storeSpec, *state, getenv)
	if warn != nil {
		if *addr != "" {
			// A replica on another store than the fleet's splits its loops.
			return fail(stderr, warn)
		}
		fmt.Fprintf(stderr, "stophook-loop: %v; using the default store\n", warn)
	}
	opened, err := storeurl.Open(spec, storeurl.Options{Server: *addr != ""})
	if err != nil {
		if *addr != "" {
			return fail(stderr, err)
		}
		return hookcli.FailOpen(fmt.Sprintf("stophook-loop: %v", err), stdin, stderr)
	}
	var store stophook.Store // nil: a FileStore in each input's state dir
	if opened != nil {
		store = opened.Store
		defer opened.Close()
		if opened.Kind == "memory" {
			fmt.Fprintln(stderr, "stophook-loop: warning: with -store memory: no loop can start: `stophook-loop start` runs in its own process and cannot reach this server's memory; give the server and the commands one directory or redis:// store")
		}
	}
	// The iterator takes the input's store, which the runner sets from
	// Options.Store below: a server counts that store's failures on
	// /metrics, and a store of the iterator's own would bypass the count.
	li := &loopstate.Iterator{Machine: loopstate.Machine{Remind: *remind}, VerifyTimeout: *verifyTimeout}
	if *verify != "" {
		li.Verify = []string{"sh", "-c", *verify}
	}
	// No policy.StopActive around the loop: every iteration's stop has
	// stop_hook_active set. Its own max and the runner's per-turn budget
	// bound it. A stop while a background task runs is a pause: Claude
	// Code starts the next turn when the task ends, and the loop goes on
	// from there.
	chain := policy.PauseOnBackgroundTasks(li)
	// The policies see the time of run's clock (a fixed one in tests).
	clocked := stophook.Named(stophook.PolicyName(chain), stophook.PolicyFunc(func(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
		in.Now = now()
		return chain.Evaluate(ctx, in)
	}))
	events := []stophook.Event{stophook.EventStop}
	if *addr != "" {
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
		defer stop()
		sopts := httphook.ServeOptions{}
		if opened != nil {
			sopts.Health = opened.Ping
		}
		err := httphook.ListenAndServe(ctx, *addr, clocked, getenv(httphook.TokenEnv), hook.Options{
			Events: events, Store: store, ContinueWithContext: withContext}, sopts, stderr)
		if err != nil {
			return fail(stderr, err)
		}
		return 0
	}
	opts := hook.Options{Stdin: stdin, Stdout: stdout, Stderr: stderr, Explain: *explain, ContinueWithContext: withContext,
		Events: events, Store: store}
	if *exit2 {
		opts.ExitCode = true
	}
	return hook.Run(context.Background(), clocked, opts)
}

func signalList(m loopstate.Mode) string {
	var parts []string
	for _, t := range m.Tags() {
		for _, v := range t.Values {
			parts = append(parts, "<"+t.Name+">"+v+"</"+t.Name+">")
		}
	}
	return strings.Join(parts, ", ")
}

// oneLine joins the fields of s, cut to n runes with "…".
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

func fail(w io.Writer, err error) int {
	fmt.Fprintln(w, "loop:", err)
	return 1
}
