package stophooktest

import (
	"context"
	"sync"

	"github.com/stophook/stophook/escalate"
)

// Notifier is a fake [escalate.Notifier]: AskFunc answers (nil: no
// answer, the session stops) and every request is recorded.
type Notifier struct {
	AskFunc func(ctx context.Context, req escalate.Request) (escalate.Answer, error)

	mu       sync.Mutex
	requests []escalate.Request
}

var _ escalate.Notifier = (*Notifier)(nil)

// Ask implements [escalate.Notifier].
func (n *Notifier) Ask(ctx context.Context, req escalate.Request) (escalate.Answer, error) {
	n.mu.Lock()
	n.requests = append(n.requests, req)
	n.mu.Unlock()
	if n.AskFunc == nil {
		return escalate.Answer{}, nil
	}
	return n.AskFunc(ctx, req)
}

// Requests returns the requests Ask received, oldest first.
func (n *Notifier) Requests() []escalate.Request {
	n.mu.Lock()
	defer n.mu.Unlock()
	return append([]escalate.Request(nil), n.requests...)
}
