package webhook_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/escalate/webhook"
)

func ExampleNotifier() {
	// A stand-in for ntfy.sh or a chat webhook.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		fmt.Printf("%s %s\n%s\n", r.Header.Get("Title"), r.URL.Path, body)
	}))
	defer srv.Close()

	n := webhook.New(srv.URL + "/my-topic")
	n.Header = http.Header{"Title": {"stophook"}} // ntfy's title
	ans, err := n.Ask(context.Background(), escalate.Request{Label: "myapp", LastMessage: "Deployed to staging."})
	fmt.Println(ans.Kind, err)
	// Output:
	// stophook /my-topic
	// 🛑 Agent stopped — myapp
	//
	// Last message:
	// Deployed to staging.
	// no answer <nil>
}
