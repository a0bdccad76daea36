// Command stophook-quickstart is the minimal real Stop hook: a
// stop_hook_active guard, then up to two error retries in a row within a
// turn.
//
//	stophook-quickstart                      # command hook: hook JSON on stdin
//	stophook-quickstart -http 127.0.0.1:8787 # type:"http" hook server
//	stophook-quickstart -continue context    # continue with additionalContext, not a block
//	stophook-quickstart -http 127.0.0.1:8787 -store redis://127.0.0.1:6379/0  # one replica of a fleet
//
// Build it with `go build -o stophook-quickstart ./examples/quickstart`.
// With -http, requests must carry "Authorization: Bearer $STOPHOOK_HTTP_TOKEN"
// when that variable is set; without it the server only listens on a
// loopback address. The server answers GET /healthz and GET /metrics
// (Prometheus text) besides hook POSTs on any other path, answers 503 over
// its concurrency cap, and drains its requests on SIGTERM before exiting 0.
//
// -store (else $STOPHOOK_STORE) picks the state store: a directory,
// file:DIR, memory: (with -http only), redis://host:port/db or rediss://.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/examples/hookcli"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/httphook"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/storeurl"
)

func main() {
	flag.CommandLine.Init("stophook-quickstart", flag.ContinueOnError) // its name in -version and error lines, whatever the file is called
	addr := flag.String("http", "", "serve type:\"http\" hooks on `ADDR` instead of reading stdin")
	exit2 := flag.Bool("exit2", false, "block with exit code 2 (JSON on stdout, reason on stderr)")
	explain := flag.Bool("explain", false, "print the decision trace on stderr")
	state := flag.String("state", "", "state `DIR` (the same as -store DIR)")
	storeSpec := flag.String("store", "", storeurl.Usage)
	var withContext bool
	hookcli.Continue(flag.CommandLine, &withContext)
	hookcli.SetUsage(flag.CommandLine, "usage: stophook-quickstart [flags] < hook-input.json\n       stophook-quickstart -http ADDR",
		hookcli.Runner, []hookcli.Var{{httphook.TokenEnv, "bearer token the -http server requires (needed for a non-loopback ADDR)"},
			{storeurl.Env, "default -store"}})
	hookcli.Version(flag.CommandLine)
	flag.CommandLine.SetOutput(os.Stdout) // -h
	if code, done := hookcli.ParseHook(flag.CommandLine, os.Args[1:], os.Stdin, os.Stderr); done {
		os.Exit(code) // -h; a broken hook command line: 0, let the session stop; a broken -http one: 1
	}

	spec, warn := storeurl.FromFlags(*storeSpec, *state, os.Getenv)
	if warn != nil {
		if *addr != "" {
			// A replica on another store than the fleet's counts apart.
			fmt.Fprintln(os.Stderr, warn)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "stophook-quickstart: %v; using the default store\n", warn)
	}
	opened, err := storeurl.Open(spec, storeurl.Options{Server: *addr != ""})
	if err != nil {
		if *addr != "" {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		// A broken hook command line must not trap the session.
		os.Exit(hookcli.FailOpen(fmt.Sprintf("stophook-quickstart: %v", err), os.Stdin, os.Stderr))
	}
	var store stophook.Store // nil: a FileStore in each input's state dir
	if opened != nil {
		store = opened.Store
		defer opened.Close()
	}
	// Two retries in a row within a turn, and never more than two
	// continuations a turn whatever happens. A stop while a background
	// task runs is a pause, not an error to retry.
	chain := policy.WithTurnBudget(2, policy.PauseOnBackgroundTasks(&policy.ErrorRetry{MaxRetries: 2}))
	if *addr != "" {
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
		defer stop()
		sopts := httphook.ServeOptions{}
		if opened != nil {
			sopts.Health = opened.Ping
		}
		err := httphook.ListenAndServe(ctx, *addr, chain, os.Getenv(httphook.TokenEnv),
			hook.Options{ContinueWithContext: withContext, Store: store}, sopts, os.Stderr)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	opts := hook.Options{Explain: *explain, ContinueWithContext: withContext, Store: store}
	if *exit2 {
		opts.ExitCode = true
	}
	hook.Main(chain, opts)
}
