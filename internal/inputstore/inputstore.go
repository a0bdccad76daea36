// Package inputstore lets a hook server see the Store the runner makes for
// each input when it was given none (a FileStore in the input's project,
// see [stophook.DefaultStore]): the server's base context carries a
// wrapper, which package hook applies to that store, so that the server's
// /metrics count its failures as they count those of a store given with
// -store.
package inputstore

import (
	"context"

	"github.com/stophook/stophook"
)

type key struct{}

// With returns ctx carrying wrap.
func With(ctx context.Context, wrap func(stophook.Store) stophook.Store) context.Context {
	return context.WithValue(ctx, key{}, wrap)
}

// Wrap returns s wrapped by the function ctx carries, else s.
func Wrap(ctx context.Context, s stophook.Store) stophook.Store {
	if wrap, ok := ctx.Value(key{}).(func(stophook.Store) stophook.Store); ok && wrap != nil {
		return wrap(s)
	}
	return s
}
