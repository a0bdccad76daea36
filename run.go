package stophook

import (
	"context"
	"io"
	"log/slog"
	"time"
)

// OutputMode selects how a command hook reports a block.
type OutputMode int

const (
	// JSONMode (the default) exits 0 with {"decision":"block","reason":…} on stdout.
	JSONMode OutputMode = iota
	// ExitCodeMode exits 2 on block, with the same JSON on stdout and the reason on stderr.
	ExitCodeMode
)

// RunOptions configures [Run]. The zero value means every default.
type RunOptions struct {
	Stdin          io.Reader     // default os.Stdin
	Stdout, Stderr io.Writer     // default os.Stdout, os.Stderr
	Mode           OutputMode    // default JSONMode
	Events         []string      // accepted hook_event_name values; default Stop and SubagentStop
	MaxInput       int64         // stdin size limit; default 8 MiB
	ReadTimeout    time.Duration // default 10s
	Budget         time.Duration // time to decide; default 50s
	Explain        bool          // print the decision trace on stderr
	Logger         *slog.Logger  // default: warnings to Stderr
	Now            func() time.Time
}

// Run runs chain as a command hook and returns the exit code.
func Run(ctx context.Context, chain *Chain, opts RunOptions) int { panic("unimplemented") }
