package httphook_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/httphook"
	"github.com/stophook/stophook/internal/loadgen"
	"github.com/stophook/stophook/policy"
)

// quickstartChain is examples/quickstart's chain.
func quickstartChain() stophook.Policy {
	return policy.WithTurnBudget(2, policy.PauseOnBackgroundTasks(&policy.ErrorRetry{MaxRetries: 2}))
}

// benchServe sends the load generator's Stop inputs through Mux in
// process: the server's per-decision cost without the network.
func benchServe(b *testing.B, p stophook.Policy) {
	store := new(stophook.MemoryStore)
	m := httphook.NewMetrics()
	h := httphook.Mux(httphook.New(m.Policy(p), "", hook.Options{Store: m.Store(store)}), m.Options(httphook.ServeOptions{}))
	body := loadgen.StopBody(256, b.TempDir(), "", "All done: the tests pass.")
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			req := httptest.NewRequestWithContext(context.Background(), http.MethodPost, "/stop", bytes.NewReader(body(i)))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				b.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
			i++
		}
	})
}

// BenchmarkServeQuickstart: the quickstart's chain on a memory store.
func BenchmarkServeQuickstart(b *testing.B) { benchServe(b, quickstartChain()) }

// BenchmarkServeNothing: a policy that passes and says it does not wait,
// on a memory store: the runner, the metrics and the encoding alone, on
// the path the quickstart's decisions take (a policy without Waits would
// run on an evaluator under the budget's timer instead).
func BenchmarkServeNothing(b *testing.B) { benchServe(b, nothing{}) }

// nothing passes on every input and says it does not wait for any.
type nothing struct{}

func (nothing) Evaluate(context.Context, stophook.Input) (stophook.Decision, error) {
	return stophook.PassOn("nothing to say"), nil
}

func (nothing) Waits(stophook.Input) bool { return false }

// BenchmarkBare: the baseline handler through the same request and
// recorder, for scale.
func BenchmarkBare(b *testing.B) {
	body := []byte(`{"session_id":"x"}`)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequestWithContext(context.Background(), http.MethodPost, "/stop", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			loadgen.Bare.ServeHTTP(httptest.NewRecorder(), req)
		}
	})
}

// BenchmarkDecideQuickstart: the quickstart's decision alone, as the
// server makes it (metrics, memory store, hook.Server), without HTTP: what
// a decision costs beyond the bare request.
func BenchmarkDecideQuickstart(b *testing.B) { benchDecide(b, quickstartChain()) }

// BenchmarkDecideNothing: BenchmarkServeNothing's decision alone: what the
// runner, the metrics wrappers and the encoding cost around a policy.
func BenchmarkDecideNothing(b *testing.B) { benchDecide(b, nothing{}) }

// benchDecide runs p as the server does (metrics, memory store,
// hook.Server) on the load generator's Stop inputs, without HTTP.
func benchDecide(b *testing.B, p stophook.Policy) {
	store := new(stophook.MemoryStore)
	m := httphook.NewMetrics()
	serve := hook.Server(stophook.NewChain(m.Policy(p)), hook.Options{Store: m.Store(store)}) // as New does
	body := loadgen.StopBody(256, b.TempDir(), "", "All done: the tests pass.")
	ctx := context.Background()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, wait, err := serve(ctx, body(i)); err != nil || wait != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecideQuickstartTranscript: the same decision on stops that
// carry the transcript of a real Claude Code session (judge/testdata's
// 9c6161597e, MIT, 218 KB, 8 turns), which the judge reads back as real
// stops make it: the realistic case of bench.sh's transcript target.
func BenchmarkDecideQuickstartTranscript(b *testing.B) {
	path := filepath.Join(b.TempDir(), "transcript.jsonl")
	gz, err := os.Open(filepath.Join("..", "judge", "testdata", "sessions", "9c6161597e.jsonl.gz"))
	if err != nil {
		b.Fatal(err)
	}
	defer gz.Close()
	zr, err := gzip.NewReader(gz)
	if err != nil {
		b.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		b.Fatal(err)
	}
	store := new(stophook.MemoryStore)
	m := httphook.NewMetrics()
	serve := hook.Server(stophook.NewChain(m.Policy(quickstartChain())), hook.Options{Store: m.Store(store)})
	body := loadgen.StopBody(256, b.TempDir(), path, "All done: the tests pass.")
	ctx := context.Background()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, wait, err := serve(ctx, body(i)); err != nil || wait != nil {
			b.Fatal(err, wait != nil)
		}
	}
}
