package deferred_test

import (
	"context"
	"fmt"
	"os"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/escalate/deferred"
	"github.com/stophook/stophook/stophooktest"
)

// An Asker sends the question and lets the session stop; the detached
// waiter delivers the answer later. Where nobody could read a later answer
// (claude -p: CLAUDE_CODE_SESSION_ATTENDED=0) it declines, and
// escalate.Escalation asks in the hook instead.
func ExampleAsker() {
	dir, _ := os.MkdirTemp("", "deferred-example")
	defer os.RemoveAll(dir)
	env := map[string]string{"CLAUDE_CODE_MESSAGING_SOCKET": "/tmp/cc-socks/1.sock", "CLAUDE_CODE_SESSION_ATTENDED": "1"}
	channel := &printChannel{}
	a := &deferred.Asker{
		Channel:  channel,
		StateDir: dir,
		Getenv:   func(k string) string { return env[k] },
		// A real hook leaves Start nil: the binary re-executes itself.
		Start: func(stateDir, session, id string) (int, error) { return 1234, nil },
	}
	in := stophooktest.Stop("Postgres or SQLite?")
	d, ok, _ := a.Defer(context.Background(), in, escalate.Request{ID: "q1", LastMessage: in.LastAssistantMessage})
	fmt.Println(ok, d.Verdict, "|", d.Why)

	env["CLAUDE_CODE_SESSION_ATTENDED"] = "0"
	d, ok, _ = a.Defer(context.Background(), in, escalate.Request{ID: "q2"})
	fmt.Println(ok, "|", d.Why)

	d, _ = a.Evaluate(context.Background(), stophooktest.UserPromptSubmit("use sqlite"))
	fmt.Println(d.Why)
	// Output:
	// sent: Postgres or SQLite?
	// true allow | question q1 sent; waiter 1234 delivers the answer within 4h
	// false | unattended session (claude -p): asking in the hook
	// pending question cancelled: the user typed in the session first
}

// printChannel is a Channel that prints what it sends.
type printChannel struct{}

func (printChannel) Send(_ context.Context, req escalate.Request) ([]byte, error) {
	fmt.Println("sent:", req.LastMessage)
	return []byte(`{}`), nil
}

func (printChannel) Await(ctx context.Context, _ []byte) (escalate.Answer, error) {
	<-ctx.Done()
	return escalate.Answer{Kind: escalate.Timeout}, nil
}

func (printChannel) Close(context.Context, []byte, string) error { return nil }

var _ deferred.Channel = printChannel{}
var _ stophook.Policy = (*deferred.Asker)(nil)
