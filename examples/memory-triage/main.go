// Command stophook-memory-triage is a Stop hook that asks the agent to
// save decisions, runbooks, constraints, tech debt and preferences before
// it stops.
//
//	stophook-memory-triage                 # JSON mode: {"decision":"block",…} on stdout, exit 0
//	stophook-memory-triage -exit2          # exit 2, the reason on stderr
//	stophook-memory-triage -explain        # also print the decision trace on stderr
//	stophook-memory-triage -config FILE    # default <cwd>/.claude/memory-config.json
//	stophook-memory-triage -mode heuristic # override the config's mode
//	stophook-memory-triage -store URL      # state store: DIR, file:DIR, redis://host:port/db
//
// Its state is the turn's continuation count and the loop guard's flag:
// in <cwd>/.claude (the flag file .stop_hook_active) and
// <cwd>/.claude/stophook by default; with -store, -state DIR,
// $STOPHOOK_STORE or $STOPHOOK_STATE_DIR, both live in that store and
// nothing is written in the project.
//
// Register it for Stop with a timeout of 30 s (see hooks.json). It fails
// open: whatever goes wrong, the session stops with one line on stderr.
package main

import (
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/examples/hookcli"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/llm/provider"
	"github.com/stophook/stophook/policy/triage"
	"github.com/stophook/stophook/storeurl"
)

func main() {
	flag.CommandLine.Init("stophook-memory-triage", flag.ContinueOnError) // its name in -version and error lines, whatever the file is called
	exit2 := flag.Bool("exit2", false, "block with exit code 2 and the reason on stderr")
	explain := flag.Bool("explain", false, "print the decision trace on stderr")
	config := flag.String("config", "", "memory-config.json `FILE` (default <cwd>/.claude/memory-config.json)")
	state := flag.String("state", "", "state `DIR` (the same as -store DIR)")
	storeSpec := flag.String("store", "", storeurl.Usage)
	var mode string
	hookcli.Choice(flag.CommandLine, &mode, "mode", envMode(os.Getenv, os.Stderr),
		"`MODE` hybrid or heuristic, replacing the config file's (default $STOPHOOK_TRIAGE_MODE)", triage.ModeHybrid, triage.ModeHeuristic)
	hookcli.SetUsage(flag.CommandLine, "usage: stophook-memory-triage [flags] < hook-input.json", hookcli.Runner, []hookcli.Var{
		{"STOPHOOK_TRIAGE_MODE", "default -mode (plugin option triage_mode: CLAUDE_PLUGIN_OPTION_TRIAGE_MODE)"},
		{"ANTHROPIC_API_KEY", "key of the model in hybrid mode with llm_provider anthropic"},
		{"GEMINI_API_KEY", "key of the model with llm_provider gemini-flash"},
		{storeurl.Env, "default -store"},
	})
	hookcli.Version(flag.CommandLine)
	flag.CommandLine.SetOutput(os.Stdout) // -h
	if _, done := hookcli.ParseHook(flag.CommandLine, os.Args[1:], os.Stdin, os.Stderr); done {
		return // -h, or a broken command line: let the session stop (no -http here)
	}

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{
		Level: slog.LevelWarn,
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if len(groups) == 0 && a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		},
	}))
	spec, warn := storeurl.FromFlags(*storeSpec, *state, os.Getenv)
	if warn != nil {
		fmt.Fprintf(os.Stderr, "stophook-memory-triage: %v; using the default store\n", warn)
	}
	if spec == "" {
		spec = os.Getenv(hook.StateDirEnv)
	}
	opened, err := storeurl.Open(spec, storeurl.Options{})
	if err != nil {
		// A broken hook command line must not trap the session.
		hookcli.FailOpen(fmt.Sprintf("stophook-memory-triage: %v", err), os.Stdin, os.Stderr)
		return
	}
	var store stophook.Store // nil: the flag file, and a FileStore in the project
	if opened != nil {
		store = opened.Store
		defer opened.Close()
	}
	chain := stophook.NewChain(&triage.MemoryTriage{
		ConfigPath: *config, Mode: mode, Logger: logger, Store: store,
		Providers: provider.All(), // llm_provider "anthropic", "gemini-flash"
	})
	opts := hook.Options{
		Store:   store,
		Events:  []stophook.Event{stophook.EventStop},
		Explain: *explain,
		Logger:  logger,
		Budget:  25 * time.Second, // inside the hook's 30 s timeout
	}
	if *exit2 {
		opts.ExitCode = true
	}
	hook.Main(chain, opts)
}

// envMode returns the default -mode: $STOPHOOK_TRIAGE_MODE, else the
// plugin option triage_mode. A value that is neither hybrid nor heuristic
// gets one warning naming its variable, and the config file's mode applies.
func envMode(getenv func(string) string, stderr io.Writer) string {
	for _, name := range []string{"STOPHOOK_TRIAGE_MODE", "CLAUDE_PLUGIN_OPTION_TRIAGE_MODE"} {
		switch v := getenv(name); v {
		case "":
			continue
		case triage.ModeHybrid, triage.ModeHeuristic:
			return v
		default:
			fmt.Fprintf(stderr, "stophook-memory-triage: %s=%q is not hybrid or heuristic; using the config file's mode\n", name, v)
			return ""
		}
	}
	return ""
}
