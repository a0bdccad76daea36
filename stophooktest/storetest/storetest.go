// Package storetest checks that a [stophook.Store] implementation behaves
// as the interface documents, as testing/slogtest does for slog handlers.
//
//	func TestMyStore(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) stophook.Store { return mystore.New(t.TempDir()) })
//	}
//
// Stores shared across processes should also run [Increment] from several
// processes at once and check the total with [Count], and persistent
// stores should run [Crash], which kills processes in the middle of their
// updates and checks that no acknowledged update is lost or torn:
//
//	func TestMyStoreCrash(t *testing.T) {
//		storetest.Crash(t, 20, func(t testing.TB, dir string) stophook.Store { return mystore.New(dir) })
//	}
package storetest

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"testing"

	"github.com/stophook/stophook"
)

// Run runs the conformance suite; newStore returns a fresh, empty store.
func Run(t *testing.T, newStore func(t *testing.T) stophook.Store) {
	ctx := context.Background()
	t.Run("GetMissing", func(t *testing.T) {
		s := newStore(t)
		if _, err := s.Get(ctx, "missing"); !errors.Is(err, stophook.ErrNotFound) {
			t.Errorf("Get(missing): got error %v, want ErrNotFound", err)
		}
	})
	t.Run("UpdateThenGet", func(t *testing.T) {
		s := newStore(t)
		var sawOld []byte
		err := s.Update(ctx, "k", func(old []byte) ([]byte, error) { sawOld = old; return []byte("v1"), nil })
		if err != nil {
			t.Fatalf("Update: %v", err)
		}
		if sawOld != nil {
			t.Errorf("first Update saw old %q, want nil", sawOld)
		}
		got, err := s.Get(ctx, "k")
		if err != nil || string(got) != "v1" {
			t.Errorf("Get: got %q, %v, want v1", got, err)
		}
		s.Update(ctx, "k", func(old []byte) ([]byte, error) { sawOld = old; return []byte("v2"), nil })
		if string(sawOld) != "v1" {
			t.Errorf("second Update saw old %q, want v1", sawOld)
		}
	})
	t.Run("UpdateErrorKeepsValue", func(t *testing.T) {
		s := newStore(t)
		s.Update(ctx, "k", func([]byte) ([]byte, error) { return []byte("keep"), nil })
		boom := errors.New("boom")
		if err := s.Update(ctx, "k", func([]byte) ([]byte, error) { return []byte("lost"), boom }); !errors.Is(err, boom) {
			t.Errorf("Update: got error %v, want %v", err, boom)
		}
		if got, _ := s.Get(ctx, "k"); string(got) != "keep" {
			t.Errorf("after failed Update got %q, want keep", got)
		}
	})
	t.Run("UpdateNilDeletes", func(t *testing.T) {
		s := newStore(t)
		s.Update(ctx, "k", func([]byte) ([]byte, error) { return []byte("v"), nil })
		if err := s.Update(ctx, "k", func([]byte) ([]byte, error) { return nil, nil }); err != nil {
			t.Fatalf("Update: %v", err)
		}
		if _, err := s.Get(ctx, "k"); !errors.Is(err, stophook.ErrNotFound) {
			t.Errorf("after nil Update: got %v, want ErrNotFound", err)
		}
	})
	t.Run("Delete", func(t *testing.T) {
		s := newStore(t)
		if err := s.Delete(ctx, "never-set"); err != nil {
			t.Errorf("Delete(missing): %v, want nil", err)
		}
		s.Update(ctx, "k", func([]byte) ([]byte, error) { return []byte("v"), nil })
		if err := s.Delete(ctx, "k"); err != nil {
			t.Fatalf("Delete: %v", err)
		}
		if _, err := s.Get(ctx, "k"); !errors.Is(err, stophook.ErrNotFound) {
			t.Errorf("after Delete: got %v, want ErrNotFound", err)
		}
	})
	t.Run("HostileKeysAreDistinct", func(t *testing.T) {
		s := newStore(t)
		keys := []string{"", ".", "..", "../x", "../../etc/passwd", "/etc/passwd", "a/b", "a%2Fb", "a\x00b",
			"retry/../../x", "C:\\x", "ünï", string(make([]byte, 300)), "x" + string(make([]byte, 300))}
		for i, k := range keys {
			v := []byte(strconv.Itoa(i))
			if err := s.Update(ctx, k, func([]byte) ([]byte, error) { return v, nil }); err != nil {
				t.Errorf("Update(%q): %v", k, err)
			}
		}
		for i, k := range keys {
			got, err := s.Get(ctx, k)
			if err != nil || string(got) != strconv.Itoa(i) {
				t.Errorf("Get(%q): got %q, %v, want %d", k, got, err, i)
			}
		}
	})
	t.Run("ConcurrentIncrements", func(t *testing.T) {
		s := newStore(t)
		const n = 32
		var wg sync.WaitGroup
		for range n {
			wg.Go(func() {
				if err := Increment(ctx, s, "counter"); err != nil {
					t.Errorf("Increment: %v", err)
				}
			})
		}
		wg.Wait()
		if got, err := Count(ctx, s, "counter"); err != nil || got != n {
			t.Errorf("counter: got %d, %v, want %d", got, err, n)
		}
	})
	t.Run("CancelledContext", func(t *testing.T) {
		s := newStore(t)
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		called := false
		err := s.Update(cctx, "k", func([]byte) ([]byte, error) { called = true; return []byte("v"), nil })
		if err == nil && !called {
			t.Errorf("Update with cancelled ctx returned nil without calling fn")
		}
	})
}

// Increment adds one to the decimal counter at key.
func Increment(ctx context.Context, s stophook.Store, key string) error {
	return s.Update(ctx, key, func(old []byte) ([]byte, error) {
		n := 0
		if old != nil {
			var err error
			if n, err = strconv.Atoi(string(old)); err != nil {
				return nil, fmt.Errorf("storetest: counter %q: %w", old, err)
			}
		}
		return []byte(strconv.Itoa(n + 1)), nil
	})
}

// Count returns the counter at key (0 when missing).
func Count(ctx context.Context, s stophook.Store, key string) (int, error) {
	b, err := s.Get(ctx, key)
	if errors.Is(err, stophook.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(string(b))
}
