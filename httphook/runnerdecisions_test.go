package httphook_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/httphook"
)

// TestRunnerDecisionsCounted: a stop the runner lets through without
// asking the policy (the turn used its budget) was answered, counted in
// stophook_requests_total, and missing from stophook_decisions_total: a
// loop server capped at 8 continuations answered 32 stops and counted 10
// decisions.
func TestRunnerDecisionsCounted(t *testing.T) {
	t.Parallel()
	p := stophook.Named("Keeper", stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.BlockWith("go on"), nil
	}))
	m := httphook.NewMetrics()
	h := httphook.New(m.Policy(p), "", hook.Options{Store: new(stophook.MemoryStore), MaxTurnBlocks: 1})
	srv := serveOn(t, m.Options(httphook.ServeOptions{}), h)
	body := `{"session_id":"s","prompt_id":"p","cwd":"/","hook_event_name":"Stop","stop_hook_active":true,"last_assistant_message":"x"}`
	for range 3 {
		resp, err := http.Post(srv+"/stop", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	resp, err := http.Get(srv + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	text, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{
		`stophook_decisions_total{verdict="block",policy="Keeper"} 1`,
		`stophook_decisions_total{verdict="allow",policy="stophook.turn-budget"} 2`,
	} {
		if !strings.Contains(string(text), want+"\n") {
			t.Errorf("/metrics lacks %s:\n%s", want, text)
		}
	}
}

// serveOn runs httphook.Serve with h and opts on a loopback port until the
// test ends, and returns its URL.
func serveOn(t *testing.T, opts httphook.ServeOptions, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- httphook.Serve(ctx, ln, h, opts) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return "http://" + ln.Addr().String()
}
