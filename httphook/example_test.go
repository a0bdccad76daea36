package httphook_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/httphook"
)

// A Handler serves type:"http" hooks.
func ExampleNew() {
	chain := stophook.NewChain(stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.BlockWith("keep going"), nil
	}))
	srv := httptest.NewServer(httphook.New(chain, "t0ken", hook.Options{}))
	defer srv.Close()

	req, _ := http.NewRequest("POST", srv.URL, strings.NewReader(`{"hook_event_name":"Stop"}`))
	req.Header.Set("Authorization", "Bearer t0ken")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	var body strings.Builder
	fmt.Fprint(&body, resp.Status, " ")
	buf := make([]byte, 512)
	n, _ := resp.Body.Read(buf)
	body.Write(buf[:n])
	fmt.Println(body.String())
	// Output: 200 OK {"decision":"block","reason":"keep going"}
}
