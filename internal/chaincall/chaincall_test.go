package chaincall_test

import (
	"context"
	"testing"

	"github.com/stophook/stophook/internal/chaincall"
)

type chain struct{ slow bool }

type input struct{ n int }

type decision struct{ why string }

type other struct{}

// TestSetThenCall: nothing registered or registered for other types, the
// caller is told to call the methods; registered, the functions answer.
// One test, since the registration is process-wide.
func TestSetThenCall(t *testing.T) {
	c, in, d := &chain{slow: true}, &input{n: 3}, &decision{}
	if _, ok := chaincall.Waits(c, in); ok {
		t.Fatal("Waits ok before Set")
	}
	if chaincall.Evaluate(context.Background(), c, in, d) {
		t.Fatal("Evaluate ok before Set")
	}
	chaincall.Set(func(c *chain, in *input) bool { return c.slow && in.n > 0 },
		func(_ context.Context, c *chain, in *input, d *decision) { d.why = "ran" })
	if may, ok := chaincall.Waits(c, in); !ok || !may {
		t.Errorf("Waits = %v, %v; want true, true", may, ok)
	}
	if !chaincall.Evaluate(context.Background(), c, in, d) || d.why != "ran" {
		t.Errorf("Evaluate: decision %+v, want the registered function's", d)
	}
	if _, ok := chaincall.Waits(&other{}, in); ok {
		t.Error("Waits ok for a chain type nothing was registered for")
	}
	if chaincall.Evaluate(context.Background(), c, in, &other{}) {
		t.Error("Evaluate ok for a decision type nothing was registered for")
	}
}
