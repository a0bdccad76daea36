package stophook

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"
)

// OutputMode selects how a command hook reports a block.
type OutputMode int

const (
	// JSONMode (the default) exits 0 with {"decision":"block","reason":…}
	// on stdout.
	JSONMode OutputMode = iota
	// ExitCodeMode exits 2 on block, with the same JSON on stdout and the
	// reason on stderr, for hooks ported from scripts that relied on exit 2.
	ExitCodeMode
)

// DisableEnv names the environment variable that, set to 1, makes [Run]
// and the http hook handler let every session stop without reading anything.
const DisableEnv = "STOPHOOK_DISABLE"

// Defaults used by [Run] and the http hook handler.
const (
	DefaultMaxInput    = 8 << 20
	DefaultReadTimeout = 10 * time.Second
)

// RunOptions configures [Run]. The zero value means every default.
type RunOptions struct {
	// Stdin, Stdout and Stderr default to the process's.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Mode defaults to JSONMode.
	Mode OutputMode
	// Events lists the hook_event_name values the hook handles; others are
	// allowed at once. Default: Stop and SubagentStop.
	Events []Event
	// MaxInput bounds the hook input; default DefaultMaxInput (8 MiB).
	MaxInput int64
	// ReadTimeout bounds reading stdin; default DefaultReadTimeout.
	ReadTimeout time.Duration
	// Budget bounds the decision; when it runs out the session stops.
	// Keep it below the hook's timeout in settings.json (600 s unless
	// set). Default DefaultBudget.
	Budget time.Duration
	// Explain prints the decision trace on Stderr.
	Explain bool
	// Logger receives warnings; default a text logger on Stderr at level Warn.
	Logger *slog.Logger
	// Now stamps Input.Now; default time.Now.
	Now func() time.Time
	// Store keeps the per-turn continuation counts. Nil means a FileStore
	// in [StateDir] of the input's cwd (none when the cwd is not an
	// existing directory: the count then falls back to stop_hook_active).
	Store Store
	// MaxTurnBlocks is the per-turn budget of continuations: once a turn
	// was sent back this many times, the next stop is allowed without
	// asking the policy, on every host. Zero means $STOPHOOK_MAX_TURN_BLOCKS,
	// else $CLAUDE_CODE_STOP_HOOK_BLOCK_CAP, else [DefaultMaxTurnBlocks];
	// it is never more than 1000.
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
}

func (o RunOptions) withDefaults() RunOptions {
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
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// Main runs p (usually a [*Chain]) as a command hook and exits the process
// with the code [Run] returns.
func Main(p Policy, opts RunOptions) {
	os.Exit(Run(context.Background(), p, opts))
}

// Run runs p (usually a [*Chain]) as a command hook: it reads the hook input
// from Stdin, decides within the budget ([Respond]), writes the host's
// output to Stdout and returns the exit code. It fails open: unreadable or
// malformed input, an event not in Events, a policy error or panic, or an
// exhausted budget all let the session stop (exit 0) with one line on
// Stderr. The only non-zero exit code is 2: a block in ExitCodeMode, or a
// resend asked on StopFailure.
func Run(ctx context.Context, p Policy, opts RunOptions) (code int) {
	opts = opts.withDefaults()
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(opts.Stderr, "stophook: internal error, allowing stop: %v\n", r)
			code = 0
		}
	}()
	if os.Getenv(DisableEnv) == "1" {
		return 0
	}
	data, err := readHookInput(opts.Stdin, opts.MaxInput, opts.ReadTimeout)
	if err != nil {
		fmt.Fprintf(opts.Stderr, "stophook: %v; allowing stop\n", err)
		return 0
	}
	resp, err := Respond(ctx, p, data, opts)
	if err != nil {
		fmt.Fprintf(opts.Stderr, "%v; allowing stop\n", err)
		return 0
	}
	if len(resp.Stdout) > 0 {
		opts.Stdout.Write(append(resp.Stdout, '\n'))
	}
	io.WriteString(opts.Stderr, resp.Stderr)
	return resp.Code
}

func writeExplain(w io.Writer, d Decision) {
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
