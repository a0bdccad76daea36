package gateway_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/stophook/stophook/queue"
	"github.com/stophook/stophook/queue/gateway"
)

func ExampleWaker() {
	// A stand-in for the brain's gateway.
	brain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		fmt.Println(r.Header.Get("Authorization"), string(body))
	}))
	defer brain.Close()

	w := &gateway.Waker{URL: brain.URL, Token: "s3cret"}
	err := w.Wake(context.Background(), queue.Payload{Event: queue.WakeComplete, Session: "main", Summary: "1/1 commands completed"})
	fmt.Println(err)
	// Output:
	// Bearer s3cret {"event":"queue-complete","session":"main","summary":"1/1 commands completed"}
	// <nil>
}
