// Command memory-triage is the seed's memory_triage.py as a Go command
// hook: one deterministic Stop hook that asks the agent to save decisions,
// runbooks, constraints, tech debt and preferences before it stops.
//
//	memory-triage                 # JSON mode: {"decision":"block",…} on stdout, exit 0
//	memory-triage -exit2          # the seed's mode: exit 2, the reason on stderr
//	memory-triage -explain        # also print the decision trace on stderr
//	memory-triage -config FILE    # default <cwd>/.claude/memory-config.json
//
// Register it for Stop with a timeout of 30 s (see hooks.json). It fails
// open: whatever goes wrong, the session stops with one line on stderr.
package main

import (
	"flag"
	"log/slog"
	"os"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/policy"
)

func main() {
	exit2 := flag.Bool("exit2", false, "block with exit code 2 and the reason on stderr (the seed's mode)")
	explain := flag.Bool("explain", false, "print the decision trace on stderr")
	config := flag.String("config", "", "memory-config.json `FILE` (default <cwd>/.claude/memory-config.json)")
	flag.Parse()

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{
		Level: slog.LevelWarn,
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if len(groups) == 0 && a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		},
	}))
	chain := stophook.NewChain(&policy.MemoryTriage{ConfigPath: *config, Logger: logger})
	opts := stophook.RunOptions{
		Events:  []string{stophook.EventStop},
		Explain: *explain,
		Logger:  logger,
		Budget:  25 * time.Second, // inside the hook's 30 s timeout
	}
	if *exit2 {
		opts.Mode = stophook.ExitCodeMode
	}
	stophook.Main(chain, opts)
}
