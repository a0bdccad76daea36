// Command loadgen loads a hook server on this machine with Stop inputs and
// prints decisions per second and latency percentiles; with -bare it is
// the baseline server instead (a plain net/http handler answering {}).
//
//	loadgen -url http://127.0.0.1:8787/stop -c 64 -n 20000 [-sessions 256] [-warmup 2000] [-transcript PATH]
//	loadgen -bare 127.0.0.1:0
//	loadgen -freeport
//
// It refuses any address that is not loopback.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/stophook/stophook/internal/loadgen"
)

func main() {
	target := flag.String("url", "", "hook server `URL` (loopback only)")
	c := flag.Int("c", 1, "concurrent requests")
	n := flag.Int("n", 10000, "requests to measure")
	warmup := flag.Int("warmup", 1000, "requests sent first and not measured")
	sessions := flag.Int("sessions", 256, "distinct session ids in the inputs")
	message := flag.String("message", "All done: the tests pass.", "last assistant message of each input")
	transcript := flag.String("transcript", "", "transcript `PATH` the inputs carry as transcript_path (default none)")
	bare := flag.String("bare", "", "serve the baseline handler on `ADDR` instead (loopback only)")
	floor := flag.Bool("floor", false, "with -bare: read and check the request as a hook server must, with its timeouts, then answer {}")
	freePort := flag.Bool("freeport", false, "print a free TCP port on 127.0.0.1 and exit")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	switch {
	case *freePort:
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			fail(err)
		}
		fmt.Println(l.Addr().(*net.TCPAddr).Port)
		l.Close()
	case *bare != "":
		host, _, err := net.SplitHostPort(*bare)
		if err == nil {
			err = loadgen.CheckLoopback("http://" + net.JoinHostPort(host, "1"))
		}
		if err != nil {
			fail(err)
		}
		l, err := net.Listen("tcp", *bare)
		if err != nil {
			fail(err)
		}
		fmt.Fprintf(os.Stderr, "listening on %s\n", l.Addr())
		srv := &http.Server{Handler: loadgen.Bare}
		if *floor {
			srv = loadgen.FloorServer(loadgen.Floor)
		}
		go func() { <-ctx.Done(); srv.Close() }()
		srv.Serve(l)
	default:
		cwd, _ := os.Getwd()
		path, err := transcriptPath(*transcript)
		if err != nil {
			fail(err)
		}
		cfg := loadgen.Config{URL: *target, Token: os.Getenv("STOPHOOK_HTTP_TOKEN"), Concurrency: *c,
			Body: loadgen.StopBody(*sessions, cwd, path, *message)}
		if *warmup > 0 {
			cfg.Requests = *warmup
			if _, err := loadgen.Run(ctx, cfg); err != nil {
				fail(err)
			}
		}
		cfg.Requests = *n
		r, err := loadgen.Run(ctx, cfg)
		if err != nil {
			fail(err)
		}
		fmt.Printf("c=%d %s\n", *c, r)
	}
}

// transcriptPath returns path made absolute, as clients send it, after
// checking that it is a readable file: a load whose transcript the server
// cannot read would measure the fail-open path instead.
func transcriptPath(path string) (string, error) {
	if path == "" {
		return "", nil
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	f, err := os.Open(abs)
	if err != nil {
		return "", fmt.Errorf("transcript: %w", err)
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return "", fmt.Errorf("transcript: %s is not a regular file", path)
	}
	return abs, nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
