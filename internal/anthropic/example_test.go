package anthropic_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/stophook/stophook/internal/anthropic"
)

func ExampleClient_Complete() {
	// A stand-in for the Messages API.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"content":[{"type":"text","text":"The agent fixed the build."}]}`)
	}))
	defer srv.Close()

	c := &anthropic.Client{APIKey: "key", BaseURL: srv.URL}
	text, err := c.Complete(context.Background(), "Summarise in one line.", "…transcript…")
	fmt.Println(text, err)
	// Output: The agent fixed the build. <nil>
}
