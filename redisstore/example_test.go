package redisstore_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"

	"github.com/stophook/stophook/redisstore"
)

// Open a store for one deployment. Nothing listens on port 1 here, so the
// first update fails (a hook lets the stop through) and the next fails at
// once, without a round trip, until the cooldown ends.
func ExampleOpen() {
	s, err := redisstore.Open("redis://127.0.0.1:1/0?prefix=team-a:&timeout=200ms", redisstore.Options{
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	set := func([]byte) ([]byte, error) { return []byte("1"), nil }
	ctx := context.Background()
	fmt.Println("first update failed:", s.Update(ctx, "retry/session-1", set) != nil)
	fmt.Println("second failed fast:", errors.Is(s.Update(ctx, "retry/session-1", set), redisstore.ErrUnavailable))
	fmt.Printf("%+v\n", s.Stats())
	// Output:
	// first update failed: true
	// second failed fast: true
	// {Ops:2 Errors:1 FastFails:1 Conflicts:0 Down:true}
}
