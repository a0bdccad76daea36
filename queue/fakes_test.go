package queue

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/stophooktest"
)

// recorder is a fake Driver and Waker: it records what was typed and woken.
type recorder struct {
	mu     sync.Mutex
	typed  []string
	wakes  []Payload
	onType func(ctx context.Context, session, text string) error
}

func (r *recorder) Type(ctx context.Context, session, text string) error {
	r.mu.Lock()
	r.typed = append(r.typed, session+": "+text)
	f := r.onType
	r.mu.Unlock()
	if f != nil {
		return f(ctx, session, text)
	}
	return nil
}

func (r *recorder) Wake(_ context.Context, p Payload) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.wakes = append(r.wakes, p)
	return nil
}

func (r *recorder) Typed() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.typed...)
}

func (r *recorder) Wakes() []Payload {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Payload(nil), r.wakes...)
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func newProcessor(t *testing.T) (*Processor, *recorder) {
	t.Helper()
	r := &recorder{}
	return &Processor{Dir: NewDir(t.TempDir()), Driver: r, Waker: r, Logger: quiet}, r
}

// at returns in stamped with time t0 + d.
func at(in stophook.Input, d time.Duration) stophook.Input {
	in.Now = stophooktest.T0.Add(d)
	return in
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// Input returns a Stop or other event with a last assistant message.
func Input(event stophook.Event, last string) stophook.Input {
	in := stophooktest.Stop(last)
	in.HookEventName = event
	return in
}

// registryFunc adapts a function to [Registry].
type registryFunc func(ctx context.Context, session string) (json.RawMessage, bool, error)

var _ Registry = registryFunc(nil)

// Lookup calls f(ctx, session).
func (f registryFunc) Lookup(ctx context.Context, session string) (json.RawMessage, bool, error) {
	return f(ctx, session)
}
