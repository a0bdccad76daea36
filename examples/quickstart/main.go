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
	"github.com/stophook/stophook/httphook"
	"github.com/stophook/stophook/policy"
)

func main() {
	addr := flag.String("http", "", "serve type:\"http\" hooks on `ADDR` instead of reading stdin")
	exit2 := flag.Bool("exit2", false, "block with exit code 2 (JSON on stdout, reason on stderr)")
	explain := flag.Bool("explain", false, "print the decision trace on stderr")
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
		policy.StopActive{},
		// A stop while a background task runs is a pause, not an error to retry.
		policy.PauseOnBackgroundTasks(&policy.ErrorRetry{MaxRetries: 2, Store: store}),
	)
	if *addr != "" {
		token := os.Getenv(httphook.TokenEnv)
		ln, err := httphook.Listen(*addr, token, os.Stderr)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		h := httphook.New(chain, httphook.Options{Token: token, ContinueWithContext: withContext})
		fmt.Fprintln(os.Stderr, httphook.NewServer(h).Serve(ln))
		os.Exit(1)
	}
	opts := stophook.RunOptions{Explain: *explain, ContinueWithContext: withContext}
	if *exit2 {
		opts.Mode = stophook.ExitCodeMode
	}
	stophook.Main(chain, opts)
}
