// Command quickstart is the minimal real Stop hook: a stop_hook_active
// guard, then up to two error retries per session.
//
//	quickstart                      # command hook: hook JSON on stdin
//	quickstart -http 127.0.0.1:8787 # type:"http" hook server
//	quickstart -continue context    # continue with additionalContext, not a block
//
// With -http, requests must carry "Authorization: Bearer $STOPHOOK_HTTP_TOKEN"
// when that variable is set.
package main

import (
	"flag"
	"log"
	"net/http"
	"os"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/httphook"
	"github.com/stophook/stophook/internal/continueflag"
	"github.com/stophook/stophook/policy"
)

func main() {
	addr := flag.String("http", "", "serve type:\"http\" hooks on `ADDR` instead of reading stdin")
	exit2 := flag.Bool("exit2", false, "block with exit code 2 (JSON on stdout, reason on stderr)")
	explain := flag.Bool("explain", false, "print the decision trace on stderr")
	state := flag.String("state", "", "state `DIR` (default $STOPHOOK_STATE_DIR, else <cwd>/.claude/stophook)")
	var withContext bool
	continueflag.Register(flag.CommandLine, &withContext)
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
		h := httphook.New(chain, httphook.Options{Token: os.Getenv("STOPHOOK_HTTP_TOKEN"), ContinueWithContext: withContext})
		log.Fatal(http.ListenAndServe(*addr, h))
	}
	opts := stophook.RunOptions{Explain: *explain, ContinueWithContext: withContext}
	if *exit2 {
		opts.Mode = stophook.ExitCodeMode
	}
	stophook.Main(chain, opts)
}
