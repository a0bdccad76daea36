package httphook_test

import (
	"context"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/httphook"
)

// onRequest is a policy that waits when the input's store may, and
// records whether it ran on the goroutine that serves the request.
type onRequest struct{ inline *bool }

func (p onRequest) Waits(in stophook.Input) bool {
	w, ok := in.Store.(interface{ Waits(stophook.Input) bool })
	return !ok || w.Waits(in)
}

func (p onRequest) Evaluate(context.Context, stophook.Input) (stophook.Decision, error) {
	buf := make([]byte, 64<<10)
	*p.inline = strings.Contains(string(buf[:runtime.Stack(buf, false)]), "httphook.(*Handler).ServeHTTP")
	return stophook.BlockWith("go on"), nil
}

// TestServerDecidesInline: behind the server's metrics and counting store,
// a chain on a store that do not wait runs on the request's goroutine; a
// store that may wait (a FileStore) sends it to an evaluator, within the
// budget. The answer is the same.
func TestServerDecidesInline(t *testing.T) {
	for _, c := range []struct {
		name   string
		store  stophook.Store
		inline bool
	}{
		{"memory store", new(stophook.MemoryStore), true},
		{"file store", stophook.NewFileStore(t.TempDir()), false},
	} {
		var inline bool
		m := httphook.NewMetrics()
		p := stophook.NewChain(onRequest{inline: &inline})
		h := httphook.New(m.Policy(p), "", hook.Options{Store: m.Store(c.store)})
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, post(stopPayload, nil))
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"decision":"block"`) {
			t.Errorf("%s: got %d %q, want 200 and a block", c.name, rec.Code, rec.Body)
		}
		if inline != c.inline {
			t.Errorf("%s: ran on the request's goroutine: %v, want %v", c.name, inline, c.inline)
		}
	}
}
