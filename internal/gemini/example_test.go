package gemini_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/stophook/stophook/internal/gemini"
)

func ExampleClient_Complete() {
	// A stand-in for the Gemini API.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"candidates":[{"content":{"parts":[{"text":"{\"memories\":[]}"}]}}]}`)
	}))
	defer srv.Close()

	c := &gemini.Client{APIKey: "key", BaseURL: srv.URL}
	text, err := c.Complete(context.Background(), "Answer with JSON.", "…transcript…")
	fmt.Println(text, err)
	// Output: {"memories":[]} <nil>
}
