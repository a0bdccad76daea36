// Command stophook-queue drives Claude Code sessions in tmux with hook-driven
// command queues: an outside agent (the brain) decides the commands, this
// program types them, and Claude Code's hooks advance the queue.
//
//	stophook-queue drive  --session NAME '["/clear", "/gsd:plan-phase 3"]'
//	stophook-queue status --session NAME
//	stophook-queue cancel --session NAME
//	stophook-queue hook   [--session NAME] [--wake-cmd CMD | --wake-url URL] [--registry FILE]
//
// drive writes the queue and types its first command into tmux session NAME,
// then exits. hook is the handler for Stop, SessionStart and
// UserPromptSubmit (register it for all three); it always exits 0 and never
// blocks. The queues directory is --queues DIR, else the queues/ of the
// state store (--store DIR or file:DIR, else $STOPHOOK_STORE), else
// $STOPHOOK_STATE_DIR/queues, else <cwd>/.claude/stophook/queues, for every
// subcommand. A queue is typed into a tmux session on this machine, so its
// store is a directory here: memory: and redis:// are refused.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/examples/hookcli"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/queue"
	"github.com/stophook/stophook/queue/gateway"
	"github.com/stophook/stophook/storeurl"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage:
  stophook-queue drive  --session NAME [flags] '["/clear", "/gsd:plan-phase 3"]'
  stophook-queue status --session NAME [flags]
  stophook-queue cancel --session NAME [flags]
  stophook-queue hook   [--session NAME] [--wake-cmd CMD] [--wake-url URL] [--registry FILE] [flags]
run "stophook-queue SUBCOMMAND -h" (or "stophook-queue help SUBCOMMAND") for the flags of a subcommand.
The tmux driver needs tmux: it does not run on Windows.
`

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// No command, or one misspelt, exits 1, not 2: a host running
	// "stophook-queue" as a hook by mistake (without "hook") would read
	// exit 2 as a block and send the agent back with the usage.
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 1
	}
	if hookcli.IsVersion(args[0]) {
		hookcli.PrintVersion(stdout, "stophook-queue")
		return 0
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && args[0] == "help" {
			return run([]string{args[1], "-h"}, stdin, stdout, stderr)
		}
		fmt.Fprint(stdout, usage)
		hookcli.Print(stdout, queueEnv)
		return 0
	case "drive":
		return drive(args[1:], stdout, stderr)
	case "status":
		return status(args[1:], stdout, stderr)
	case "cancel":
		return cancel(args[1:], stdout, stderr)
	case "hook":
		return hookCommand(args[1:], stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "stophook-queue: unknown command %q (one of drive, status, cancel, hook, version, help; stophook-queue -h for help)\n", args[0])
	return 1
}

// queueEnv lists the environment variables the subcommands read.
var queueEnv = []hookcli.Var{
	{storeurl.Env, "default --store"},
	{"STOPHOOK_STATE_DIR", "state directory; queues live in its queues/ (default <cwd>/.claude/stophook)"},
	{"TMUX", "the tmux server to type into (set inside tmux)"},
	{"TMUX_PANE", "hook: the pane whose session is the queue key when --session is not given"},
	{"STOPHOOK_WAKE_TOKEN", "hook: bearer token for --wake-url (the variable is named by --wake-token-env)"},
	{"CLAUDE_CONFIG_DIR", "drive: where user slash commands are checked (default ~/.claude)"},
	{"STOPHOOK_DISABLE", "hook: 1 does nothing"},
}

// newFlags returns the flag set of a subcommand; -h lists the flags and
// the environment on stdout.
func newFlags(name string, stdout io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("stophook-queue "+name, flag.ContinueOnError)
	fs.SetOutput(stdout)
	hookcli.SetUsage(fs, "usage: stophook-queue "+name+" [flags]", queueEnv)
	hookcli.Version(fs)
	return fs
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

// common holds the flags every subcommand shares.
type common struct {
	session, queues, store, socket, awaits string
	tab                                    bool
	delay                                  time.Duration
}

func (c *common) register(fs *flag.FlagSet) {
	fs.StringVar(&c.session, "session", "", "tmux session `NAME` (the queue key)")
	fs.StringVar(&c.queues, "queues", "", "queues `DIR` (default the store's queues/, else $STOPHOOK_STATE_DIR/queues, else <cwd>/.claude/stophook/queues)")
	fs.StringVar(&c.store, "store", "", "state store `URL`: a directory or file:DIR, whose queues/ holds the queues (default $"+storeurl.Env+"); memory: and redis:// are refused: tmux runs on this machine")
	fs.StringVar(&c.socket, "tmux-socket", "", "tmux server socket `PATH` (default: the server of $TMUX, or tmux's default)")
	fs.StringVar(&c.awaits, "awaits", "", "JSON `FILE` of extra awaits rules, consulted before the defaults: [{\"pattern\":\"/compact\",\"awaits\":{\"hook\":\"SessionStart\",\"sub\":\"compact\"}}]")
	fs.BoolVar(&c.tab, "tab", false, "type a slash command's name, press Tab to complete it, then its arguments")
	fs.DurationVar(&c.delay, "key-delay", 0, "pause between typing and Enter")
}

// stateStore opens --store (else $STOPHOOK_STORE): nil when neither is
// set. Only a file store is accepted.
func (c *common) stateStore() (*stophook.FileStore, error) {
	spec, err := storeurl.FromFlags(c.store, "", os.Getenv)
	if err != nil {
		return nil, err // a queue cannot be kept somewhere else than asked
	}
	// Server: memory: opens, to be refused below with the reason.
	opened, err := storeurl.Open(spec, storeurl.Options{Server: true})
	if err != nil || opened == nil {
		return nil, err
	}
	fs, ok := opened.Store.(*stophook.FileStore)
	if !ok {
		opened.Close()
		return nil, fmt.Errorf("queue: store %s: queues are files on the machine that runs tmux; give a directory or file:DIR", hookcli.QuoteArg(spec))
	}
	return fs, nil
}

func (c *common) processor(stderr io.Writer, level slog.Level) (*queue.Processor, error) {
	store, err := c.stateStore()
	if err != nil {
		return nil, err
	}
	dir := c.queues
	switch {
	case dir != "":
	case store != nil:
		dir = filepath.Join(store.Dir(), "queues")
	case os.Getenv(hook.StateDirEnv) != "":
		dir = filepath.Join(os.Getenv(hook.StateDirEnv), "queues")
	default:
		dir = queue.DefaultPath("")
	}
	p := &queue.Processor{
		Dir:    queue.NewDir(dir),
		Driver: queue.Tmux{Socket: c.socket, TabComplete: c.tab, Delay: c.delay},
		Logger: slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level, ReplaceAttr: dropTime})),
	}
	if c.awaits != "" {
		b, err := os.ReadFile(c.awaits)
		if err != nil {
			return nil, fmt.Errorf("queue: awaits: %w", err)
		}
		var rules []queue.Rule
		if err := json.Unmarshal(b, &rules); err != nil {
			return nil, fmt.Errorf("queue: awaits %s: %w", c.awaits, err)
		}
		p.Awaits.Rules = append(rules, queue.DefaultRules...)
	}
	return p, nil
}

func dropTime(groups []string, a slog.Attr) slog.Attr {
	if len(groups) == 0 && a.Key == slog.TimeKey {
		return slog.Attr{}
	}
	return a
}

func drive(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("drive", stdout)
	var c common
	c.register(fs)
	project := fs.String("project", ".", "project `DIR` whose .claude/commands are checked")
	noCheck := fs.Bool("no-check", false, "do not check that slash commands exist")
	replace := fs.Bool("replace", false, "retire an existing queue of the session (as .stale.json) instead of refusing")
	if err := hookcli.Parse(fs, args); err != nil {
		return parseFailed(stderr, err)
	}
	if c.session == "" || fs.NArg() != 1 {
		fmt.Fprintln(stderr, "queue drive: need --session NAME and one JSON array of commands")
		return 2
	}
	var commands []string
	if err := json.Unmarshal([]byte(fs.Arg(0)), &commands); err != nil {
		fmt.Fprintf(stderr, "queue drive: commands must be a JSON array of strings: %v\n", err)
		return 2
	}
	p, err := c.processor(stderr, slog.LevelWarn)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if !*noCheck {
		p.Checker = queue.Commands{ProjectDir: *project}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if *replace {
		if _, err := p.Cancel(ctx, c.session); err != nil && !errors.Is(err, queue.ErrNoQueue) {
			fmt.Fprintln(stderr, err)
			return 1
		}
	}
	q, err := p.Drive(ctx, c.session, commands, time.Now())
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	file, _ := p.Dir.File(c.session)
	fmt.Fprintf(stdout, "queue: %d commands for %s in %s; typed %q\n", len(q.Commands), c.session, file, q.Commands[0].Command)
	return 0
}

// sessionCommand parses the flags of a subcommand that needs --session and
// opens its processor. A nil processor means: exit with code.
func sessionCommand(name string, args []string, stdout, stderr io.Writer) (common, *queue.Processor, int) {
	fs := newFlags(name, stdout)
	var c common
	c.register(fs)
	if err := hookcli.Parse(fs, args); err != nil {
		return c, nil, parseFailed(stderr, err)
	}
	if c.session == "" {
		fmt.Fprintf(stderr, "queue %s: need --session NAME\n", name)
		return c, nil, 2
	}
	p, err := c.processor(stderr, slog.LevelWarn)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return c, nil, 1
	}
	return c, p, 0
}

func status(args []string, stdout, stderr io.Writer) int {
	c, p, code := sessionCommand("status", args, stdout, stderr)
	if p == nil {
		return code
	}
	rep, err := queueStatus(p.Dir, c.session, time.Now())
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if !rep.Exists {
		fmt.Fprintf(stdout, "queue: no queue for session %s (%s)\n", c.session, rep.File)
		return 0
	}
	b, _ := json.MarshalIndent(rep, "", "  ")
	fmt.Fprintf(stdout, "%s\n", b)
	return 0
}

func cancel(args []string, stdout, stderr io.Writer) int {
	c, p, code := sessionCommand("cancel", args, stdout, stderr)
	if p == nil {
		return code
	}
	q, err := p.Cancel(context.Background(), c.session)
	if errors.Is(err, queue.ErrNoQueue) {
		fmt.Fprintf(stdout, "queue: no queue for session %s\n", c.session)
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	done := 0
	for _, c := range q.Commands {
		if c.Status == queue.Done {
			done++
		}
	}
	fmt.Fprintf(stdout, "queue: cancelled (%d/%d done)\n", done, len(q.Commands))
	return 0
}

// hookCommand is the Stop, SessionStart and UserPromptSubmit handler. It exits 0
// whatever happens: a broken flag or a dead gateway must not trouble the
// session.
func hookCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("hook", stdout)
	var c common
	c.register(fs)
	wakeCmd := fs.String("wake-cmd", "", "wake the brain by running `CMD` (sh -c) with the payload JSON on stdin")
	wakeURL := fs.String("wake-url", "", "wake the brain by POSTing the payload JSON to `URL`")
	tokenEnv := fs.String("wake-token-env", "STOPHOOK_WAKE_TOKEN", "environment `VAR` holding the gateway's bearer token")
	registry := fs.String("registry", "", "agent registry JSON `FILE` mapping session names to agent configs; only registered sessions are woken (default: every session)")
	stopPrompt := fs.String("stop-prompt", "", "instructions `FILE` sent with a first wake, read at each wake (default: built in)")
	verbose := fs.Bool("v", false, "log every action on stderr")
	if err := hookcli.Parse(fs, args); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "%v; doing nothing\n", err)
		}
		return 0
	}
	level := slog.LevelWarn
	if *verbose {
		level = slog.LevelInfo
	}
	p, err := c.processor(stderr, level)
	if err != nil {
		fmt.Fprintf(stderr, "%v; doing nothing\n", err)
		return 0
	}
	p.StopPrompt = *stopPrompt
	var wakers []queue.Waker
	if *wakeCmd != "" {
		wakers = append(wakers, &queue.Exec{Command: *wakeCmd})
	}
	if *wakeURL != "" {
		wakers = append(wakers, &gateway.Waker{URL: *wakeURL, Token: os.Getenv(*tokenEnv)})
	}
	p.Waker = fanOut(wakers)
	if *registry != "" {
		p.Registry = queue.FileRegistry{Path: *registry}
	}
	sessionOf := func(ctx context.Context, _ stophook.Input) (string, error) {
		if c.session != "" {
			return c.session, nil
		}
		return queue.Tmux{Socket: c.socket}.Session(ctx, os.Getenv("TMUX_PANE"))
	}
	chain := stophook.NewChain(&queue.Advance{Processor: p, Session: sessionOf})
	var store stophook.Store
	if fs, err := c.stateStore(); err == nil && fs != nil {
		store = fs // the turn counts beside the queues
	}
	hook.Run(context.Background(), chain, hook.Options{
		Store: store,
		Stdin: stdin, Stdout: stdout, Stderr: stderr,
		Events: []stophook.Event{stophook.EventStop, stophook.EventSessionStart, stophook.EventUserPromptSubmit},
		Budget: 25 * time.Second,
	})
	return 0
}

// fanOut wakes every waker in turn and joins their errors.
func fanOut(ws []queue.Waker) queue.Waker {
	if len(ws) == 0 {
		return queue.Discard
	}
	return queue.WakerFunc(func(ctx context.Context, p queue.Payload) error {
		var errs []error
		for _, w := range ws {
			errs = append(errs, w.Wake(ctx, p))
		}
		return errors.Join(errs...)
	})
}
