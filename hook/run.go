package hook

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/stophook/stophook"
)

// Defaults of [Options].
const (
	DefaultMaxInput    = 8 << 20
	DefaultReadTimeout = 10 * time.Second
	DefaultBudget      = 50 * time.Second
)

// Options configures [Run], [Main] and [Server].
// The zero value means every default.
type Options struct {
	// Stdin, Stdout and Stderr default to the process's.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// ExitCode makes a block exit 2, with the same JSON on stdout and the
	// reason on stderr, for hooks ported from scripts that relied on exit
	// 2. Default: exit 0 with {"decision":"block","reason":…}.
	ExitCode bool
	// Events lists the hook_event_name values the hook handles; others are
	// allowed at once. Default: Stop and SubagentStop. SessionStart,
	// UserPromptSubmit and SessionEnd are always handled: they keep the
	// turn count and reach the policy, which cannot block them.
	Events []stophook.Event
	// MaxInput bounds the hook input; default DefaultMaxInput (8 MiB).
	MaxInput int64
	// ReadTimeout bounds reading stdin; default DefaultReadTimeout.
	ReadTimeout time.Duration
	// Budget bounds the decision; when it runs out the session stops.
	// Keep it below the hook's timeout in settings.json (600 s unless
	// set). Default DefaultBudget.
	Budget time.Duration
	// Explain prints the decision trace on Stderr; $STOPHOOK_EXPLAIN=1
	// and the -explain flag of [Main] set it too.
	Explain bool
	// Logger receives warnings; default a text logger on Stderr at level Warn.
	Logger *slog.Logger
	// Store keeps the turn counts and, through [stophook.DefaultStore],
	// the state of every policy without a Store of its own. Nil means a
	// FileStore in $STOPHOOK_STATE_DIR, else in each input's
	// <cwd>/.claude/stophook (no state when the cwd does not exist).
	Store stophook.Store
	// MaxTurnBlocks is the per-turn budget of continuations: once a turn
	// was sent back this many times, the next stop is allowed without
	// asking the policy, on every host. Zero means $STOPHOOK_MAX_TURN_BLOCKS,
	// else $CLAUDE_CODE_STOP_HOOK_BLOCK_CAP, else 8; it is never more
	// than 1000.
	MaxTurnBlocks int
	// Host forces the agent whose input and output format is used ("claude",
	// "codex", …). Empty means $STOPHOOK_HOST, else recognised from the
	// input's shape.
	Host string
	// ContinueWithContext makes a Stop that the policy blocks continue with
	// hookSpecificOutput.additionalContext instead of decision:"block":
	// Claude Code then shows "Stop hook says: …" rather than reporting a
	// problem, and the model gets no blocking-error message. Both count the
	// same toward the block caps.
	ContinueWithContext bool
	// Log names a file that gets one JSON line per decision (time,
	// session_id, event, host, verdict, policy, why, reason cut to 200
	// characters, duration_ms); empty means $STOPHOOK_LOG, else none. At 10 MB the file becomes FILE.1 (the
	// rotation is locked with FILE.lock).
	Log string

	now     func() time.Time // stamps Input.Now; nil: ParseInput's time.Now (a test seam)
	env     *env             // the environment, once read
	version bool             // -version
	server  bool             // set by [Server]
}

// withDefaults fills every unset field, reading the environment once.
func (o Options) withDefaults() Options {
	if o.env == nil {
		e := osEnv()
		o.env = &e
	}
	if o.Stdin == nil {
		o.Stdin = os.Stdin
	}
	if o.Stdout == nil {
		o.Stdout = os.Stdout
	}
	if o.Stderr == nil {
		o.Stderr = os.Stderr
	}
	if o.MaxInput <= 0 {
		o.MaxInput = DefaultMaxInput
	}
	if o.ReadTimeout <= 0 {
		o.ReadTimeout = DefaultReadTimeout
	}
	if o.Budget <= 0 {
		o.Budget = DefaultBudget
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(o.Stderr, &slog.HandlerOptions{
			Level: slog.LevelWarn,
			ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
				if len(groups) == 0 && a.Key == slog.TimeKey {
					return slog.Attr{} // hook stderr is read by people: keep lines short
				}
				return a
			},
		}))
	}
	if o.Host == "" {
		o.Host = o.env.host
	}
	if o.Store == nil && o.env.stateDir != "" {
		o.Store = stophook.NewFileStore(o.env.stateDir)
	}
	o.MaxTurnBlocks = maxTurnBlocks(o.MaxTurnBlocks, o.env.maxTurnBlocks)
	if o.Log == "" {
		o.Log = o.env.log
	}
	o.Explain = o.Explain || o.env.explain
	return o
}

// Main runs p (usually a [*stophook.Chain]) as a command hook and exits
// the process with the code [Run] returns. Unless the program parsed its
// command line already, Main parses it with the flags every hook has
// ([Options.RegisterFlags]: -h, -explain, -version); a bad command line
// lets the session stop.
func Main(p stophook.Policy, opts Options) {
	if !flag.Parsed() {
		flag.CommandLine.Init(filepath.Base(os.Args[0]), flag.ContinueOnError)
		if code, done := opts.parseFlags(flag.CommandLine, os.Args[1:], os.Stdout, os.Stderr); done {
			os.Exit(code)
		}
	}
	if opts.version || lookupBool("version") {
		fmt.Println(Version(filepath.Base(os.Args[0])))
		os.Exit(0)
	}
	os.Exit(Run(context.Background(), p, opts))
}

// lookupBool returns the value of a boolean flag of the command line.
func lookupBool(name string) bool {
	f := flag.Lookup(name)
	if f == nil {
		return false
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return false
	}
	b, _ := g.Get().(bool)
	return b
}

// Run runs p (usually a [*stophook.Chain]) as a command hook: it reads one
// hook input from Stdin — deciding as soon as one complete JSON value has
// arrived, without waiting for the end of stdin — decides within the
// budget, writes the host's output to Stdout and returns the
// exit code. It fails open: unreadable or malformed input, an event not in
// Events, a policy error or panic, or an exhausted budget all let the
// session stop (exit 0) with one line on Stderr. The only non-zero exit
// code is 2: a block with ExitCode set, or a resend asked on StopFailure.
func Run(ctx context.Context, p stophook.Policy, opts Options) (code int) {
	opts = opts.withDefaults()
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(opts.Stderr, "stophook: internal error, allowing stop: %v\n", r)
			code = 0
		}
	}()
	for _, w := range opts.env.warnings {
		fmt.Fprintln(opts.Stderr, w)
	}
	if opts.env.disable {
		return 0
	}
	var start time.Time
	if opts.Log != "" {
		start = time.Now()
	}
	data, err := readHookInput(opts.Stdin, opts.MaxInput, opts.ReadTimeout)
	if err != nil {
		fmt.Fprintf(opts.Stderr, "stophook: %v; allowing stop%s\n", err, logFailOpen(&opts, nil, nil, err.Error(), start))
		return 0
	}
	var resp response
	if err := respond(ctx, p, data, &opts, &resp); err != nil {
		fmt.Fprintf(opts.Stderr, "%v; allowing stop\n", err)
		return 0
	}
	if len(resp.Stdout) > 0 {
		opts.Stdout.Write(append(resp.Stdout, '\n'))
	}
	io.WriteString(opts.Stderr, resp.Stderr)
	return resp.Code
}

func writeExplain(w io.Writer, d stophook.Decision) {
	var b strings.Builder
	for _, s := range d.Trace {
		fmt.Fprintf(&b, "stophook: explain: %s\n", s)
	}
	by := d.Policy
	if by == "" {
		by = "(no policy)"
	}
	fmt.Fprintf(&b, "stophook: decision: %s by %s: %s\n", d.Verdict, by, d.Why)
	io.WriteString(w, b.String())
}
