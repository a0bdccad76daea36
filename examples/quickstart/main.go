// Command stophook-quickstart is the minimal real Stop hook: a
// stop_hook_active guard, then up to two error retries per session.
//
//	stophook-quickstart                      # command hook: hook JSON on stdin
//	stophook-quickstart -http 127.0.0.1:8787 # type:"http" hook server
//	stophook-quickstart -continue context    # continue with additionalContext, not a block
//
// Build it with `go build -o stophook-quickstart ./examples/quickstart`.
// With -http, requests must carry "Authorization: Bearer $STOPHOOK_HTTP_TOKEN"
// when that variable is set; without it the server only listens on a
// loopback address.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/examples/hookcli"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/httphook"
	"github.com/stophook/stophook/policy"
)

func main() {
	addr := flag.String("http", "", "serve type:\"http\" hooks on `ADDR` instead of reading stdin")
	exit2 := flag.Bool("exit2", false, "block with exit code 2 (JSON on stdout, reason on stderr)")
	var opts hook.Options
	opts.RegisterFlags(flag.CommandLine) // -explain, -version
	state := flag.String("state", "", "state `DIR` (default $STOPHOOK_STATE_DIR, else <cwd>/.claude/stophook)")
	var withContext bool
	hookcli.Continue(flag.CommandLine, &withContext)
	hookcli.SetUsage(flag.CommandLine, "usage: stophook-quickstart [flags] < hook-input.json\n       stophook-quickstart -http ADDR",
		hookcli.Runner, []hookcli.Var{{httphook.TokenEnv, "bearer token the -http server requires (needed for a non-loopback ADDR)"}})
	flag.Parse()

	var store stophook.Store // nil: a FileStore in each input's state dir
	if *state != "" {
		store = stophook.NewFileStore(*state)
	}
	chain := stophook.NewChain(
		// Two retries in a row within a turn. A stop while a background
		// task runs is a pause, not an error to retry.
		policy.PauseOnBackgroundTasks(&policy.ErrorRetry{MaxRetries: 2}),
		policy.StopActive{}, // any later stop of a continued turn: let it stop
	)
	if *addr != "" {
		token := os.Getenv(httphook.TokenEnv)
		ln, err := httphook.Listen(*addr, token, os.Stderr)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		h := httphook.New(chain, token, hook.Options{ContinueWithContext: withContext, Store: store})
		fmt.Fprintln(os.Stderr, httphook.NewServer(h).Serve(ln))
		os.Exit(1)
	}
	opts.ContinueWithContext, opts.Store, opts.ExitCode = withContext, store, *exit2
	hook.Main(chain, opts)
}
