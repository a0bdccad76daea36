package inputstore_test

import (
	"context"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/inputstore"
)

type wrapped struct{ stophook.Store }

func TestWrap(t *testing.T) {
	s := new(stophook.MemoryStore)
	if got := inputstore.Wrap(context.Background(), s); got != stophook.Store(s) {
		t.Errorf("without a wrapper: got %T, want the store itself", got)
	}
	ctx := inputstore.With(context.Background(), func(s stophook.Store) stophook.Store { return wrapped{s} })
	if got, ok := inputstore.Wrap(ctx, s).(wrapped); !ok || got.Store != stophook.Store(s) {
		t.Errorf("with a wrapper: got %#v, want the store wrapped", got)
	}
}
