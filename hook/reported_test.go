package hook_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/internal/reported"
)

// brokenStore fails every operation with err.
type brokenStore struct{ err error }

func (s brokenStore) Get(context.Context, string) ([]byte, error) { return nil, s.err }
func (s brokenStore) Update(context.Context, string, func([]byte) ([]byte, error)) error {
	return s.err
}
func (s brokenStore) Delete(context.Context, string) error { return s.err }

// TestReportedStoreErrorsLoggedOnce: a server whose store fails lets the
// stop through. It logs the failure with the stop, unless the store
// already logged it (a Redis store logs one line an outage): then a fleet
// would log one line for every stop of every session while Redis is down.
func TestReportedStoreErrorsLoggedOnce(t *testing.T) {
	t.Parallel()
	policy := stophook.Named("Keeper", stophook.PolicyFunc(func(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
		if _, err := stophook.DefaultStore(in).Get(ctx, "k"); err != nil {
			return stophook.Decision{}, fmt.Errorf("keeper: %w", err)
		}
		return stophook.BlockWith("go on"), nil
	}))
	down := errors.New("server not answering")
	for _, c := range []struct {
		name     string
		err      error
		active   bool // stop_hook_active: the turn count is read first
		wantLogs bool
	}{
		{"failure not logged by the store", down, false, true},
		{"failure the store logged", reported.Mark(down), false, false},
		{"turn count, failure not logged by the store", down, true, true},
		{"turn count, failure the store logged", reported.Mark(down), true, false},
	} {
		var logs bytes.Buffer
		serve := hook.Server(policy, hook.Options{Store: brokenStore{c.err}, Host: "codex", // a host with no block cap of its own: the turn count matters
			Logger: slog.New(slog.NewTextHandler(&logs, nil))})
		body := fmt.Sprintf(`{"session_id":"s","cwd":"/","hook_event_name":"Stop","stop_hook_active":%v,"last_assistant_message":"x"}`, c.active)
		answer, _, err := serve(context.Background(), []byte(body))
		if err != nil || strings.Contains(string(answer), "block") {
			t.Errorf("%s: answer %s, %v, want the stop let through", c.name, answer, err)
		}
		if got := logs.Len() > 0; got != c.wantLogs {
			t.Errorf("%s: logged %q, want a line: %v", c.name, logs.String(), c.wantLogs)
		}
	}
}

// TestPolicyFailuresOneLine: a command hook whose store is down has every
// policy that keeps state fail on one stop (retry-escalate: Register,
// then ErrorRetry); it printed a line for each. The stop gets one line
// naming them all.
func TestPolicyFailuresOneLine(t *testing.T) {
	t.Parallel()
	keeper := func(name string) stophook.Policy {
		return stophook.Named(name, stophook.PolicyFunc(func(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
			_, err := stophook.DefaultStore(in).Get(ctx, name)
			return stophook.Decision{}, err
		}))
	}
	chain := stophook.NewChain(keeper("First"), keeper("Second"))
	r := run(t, chain, strings.NewReader(stopPayload), hook.Options{Store: brokenStore{errors.New("redisstore: server unavailable")}})
	if r.code != 0 || strings.Contains(r.stdout, "block") {
		t.Errorf("exit %d, stdout %q: want the stop let through", r.code, r.stdout)
	}
	if strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "First") || !strings.Contains(r.stderr, "Second") {
		t.Errorf("stderr %q, want one line naming both policies", r.stderr)
	}
}
