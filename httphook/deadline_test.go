package httphook_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/httphook"
)

// TestNoPolicyOutlivesItsRequest runs policies past the budget in the
// handler: one that returns when its context is cancelled, one that
// ignores its context until the test releases it. Each request is
// answered {} (the session stops) at the deadline, and once ServeHTTP
// returned no goroutine of the evaluation is left. Not parallel, so that
// no other test's evaluation shows in the goroutine dump.
//
// On a loaded machine the 1 ms deadline may come before the evaluation's
// goroutine has called the policy at all: the request is answered and the
// policy is never called (the runner's flight is abandoned). Each subtest
// accepts that outcome too, and checks that the policy then never ran.
func TestNoPolicyOutlivesItsRequest(t *testing.T) {
	t.Run("respects its context", func(t *testing.T) {
		var started atomic.Bool
		returned := make(chan struct{})
		slow := stophook.PolicyFunc(func(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
			started.Store(true)
			defer close(returned)
			<-ctx.Done()
			return stophook.BlockWith("too late"), nil
		})
		h := httphook.New(slow, "", hook.Options{Budget: time.Millisecond})
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, post(stopPayload, nil))
		if rec.Code != 200 || strings.TrimSpace(rec.Body.String()) != "{}" {
			t.Errorf("got %d %q, want 200 {}", rec.Code, rec.Body)
		}
		if !started.Load() {
			neverRan(t, &started)
			return
		}
		select {
		case <-returned:
		default:
			t.Error("ServeHTTP returned while the policy was still running")
		}
		noEvaluationLeft(t)
	})
	t.Run("ignores its context", func(t *testing.T) {
		var started atomic.Bool
		release, returned := make(chan struct{}), make(chan struct{})
		stubborn := stophook.PolicyFunc(func(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
			started.Store(true)
			defer close(returned)
			<-release
			return stophook.BlockWith("too late"), nil
		})
		h := httphook.New(stubborn, "", hook.Options{Budget: time.Millisecond})
		w := &flushSignal{ResponseRecorder: httptest.NewRecorder(), flushed: make(chan struct{})}
		served := make(chan struct{})
		go func() {
			defer close(served)
			h.ServeHTTP(w, post(stopPayload, nil))
		}()
		select {
		case <-w.flushed: // the answer left at the deadline, the policy still runs
		case <-served:
			close(release)
			if !started.Load() {
				neverRan(t, &started)
				return
			}
			t.Fatal("ServeHTTP returned while the policy was still running")
		}
		if got := strings.TrimSpace(w.Body.String()); got != "{}" || w.Header().Get("Content-Length") != "2" {
			t.Errorf("answer at the deadline: got %q (Content-Length %q), want {} (2)", got, w.Header().Get("Content-Length"))
		}
		select {
		case <-served:
			t.Fatal("ServeHTTP returned while the policy was still running")
		default:
		}
		close(release)
		<-served
		select {
		case <-returned:
		default:
			t.Error("ServeHTTP returned before the policy did")
		}
		noEvaluationLeft(t)
	})
}

// neverRan checks a request answered before its policy was called: once
// the evaluation's goroutines are gone, the policy still has not run.
func neverRan(t *testing.T, started *atomic.Bool) {
	t.Helper()
	noEvaluationLeft(t)
	if started.Load() {
		t.Error("the policy ran after its request was answered")
	}
	t.Log("the deadline came before the policy was called; it never ran")
}

// flushSignal records a response and reports its first Flush.
type flushSignal struct {
	*httptest.ResponseRecorder
	flushed chan struct{}
}

func (f *flushSignal) Flush() {
	f.ResponseRecorder.Flush()
	select {
	case <-f.flushed:
	default:
		close(f.flushed)
	}
}

var _ http.Flusher = (*flushSignal)(nil)

// noEvaluationLeft fails when a goroutine still runs stophook.Evaluate or
// a policy of the runner. The goroutine that ran the policy may still be
// returning through its last frames: it is given the processor until it
// is gone, a bounded number of times.
func noEvaluationLeft(t *testing.T) {
	t.Helper()
	var left string
	for range 100_000 {
		left = evaluationGoroutines()
		if left == "" {
			return
		}
		runtime.Gosched()
	}
	t.Errorf("goroutines left after the request was answered:\n%s", left)
}

func evaluationGoroutines() string {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	var left []string
	for g := range strings.SplitSeq(string(buf), "\n\n") {
		if strings.Contains(g, "github.com/stophook/stophook.Evaluate") || strings.Contains(g, "github.com/stophook/stophook/hook.") {
			left = append(left, g)
		}
	}
	return strings.Join(left, "\n\n")
}
