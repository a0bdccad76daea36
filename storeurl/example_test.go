package storeurl_test

import (
	"context"
	"fmt"
	"os"

	"github.com/stophook/stophook/storeurl"
)

// A hook server takes -store, else $STOPHOOK_STORE; memory: is refused
// outside servers, where each hook process would start from nothing.
func ExampleOpen() {
	spec, _ := storeurl.FromFlags("memory:", "", os.Getenv)
	if _, err := storeurl.Open(spec, storeurl.Options{}); err != nil {
		fmt.Println(err)
	}
	s, err := storeurl.Open(spec, storeurl.Options{Server: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	ctx := context.Background()
	s.Update(ctx, "k", func([]byte) ([]byte, error) { return []byte("v"), nil })
	v, _ := s.Get(ctx, "k")
	fmt.Println(s.Kind, string(v))
	// Output:
	// storeurl: memory: keeps state only inside one process: a hook server's store (-http), not a command hook's or a command's, each of which runs in a process of its own
	// memory v
}
