package main

import (
	"bytes"
	"context"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook"
)

var defaultClaude = claudeConfig{ResumeAfter: 30 * time.Second, DeferredWait: 4 * time.Hour}

func TestParseClaudeFlags(t *testing.T) {
	c, err := parseConfig([]string{"-resume-after", "2s", "-deferred", "-deferred-wait", "1h", "-page-during-background"}, &bytes.Buffer{})
	require.NoError(t, err)
	assert.Equal(t, claudeConfig{ResumeAfter: 2 * time.Second, Deferred: true, DeferredWait: time.Hour, PageDuringBackground: true}, c.Claude)
	for _, args := range [][]string{{"-resume-after", "-1s"}, {"-deferred-wait", "0"}} {
		_, err := parseConfig(args, &bytes.Buffer{})
		assert.Error(t, err, "%v", args)
	}
}

func stopFailureJSON(errName string) string {
	return `{"session_id":"sf-1","cwd":"/nonexistent","hook_event_name":"StopFailure","error":"` + errName +
		`","last_assistant_message":"API Error: Request rejected (429) · rate limited"}`
}

// StopFailure: a rate limit waits the first backoff, then exits 2 with the
// message on stderr; errors that waiting does not fix let it be; a normal
// Stop starts the count again.
func TestResumeAfterAPIError(t *testing.T) {
	t.Setenv("TELEGRAM_BOT_TOKEN", "")
	t.Setenv("TELEGRAM_CHAT_ID", "")
	state := t.TempDir()
	hook := func(input string, args ...string) (stdout, stderr string, code int) {
		var o, e bytes.Buffer
		code = run(append([]string{"-state", state}, args...), strings.NewReader(input), &o, &e)
		return o.String(), e.String(), code
	}
	start := time.Now()
	out, errs, code := hook(stopFailureJSON("rate_limit"), "-resume-after", "50ms")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, "The API request failed (rate_limit). Waited 50ms; resending (attempt 1/5).\n", errs)
	assert.GreaterOrEqual(t, time.Since(start), 50*time.Millisecond)

	_, errs, _ = hook(stopFailureJSON("server_error"), "-resume-after", "50ms")
	assert.Contains(t, errs, "Waited 100ms; resending (attempt 2/5)", "the wait doubles")

	for _, e := range []string{"authentication_failed", "invalid_request", "unknown"} {
		out, errs, code := hook(stopFailureJSON(e), "-resume-after", "50ms")
		assert.Equal(t, 0, code, e)
		assert.Empty(t, out+errs, e)
	}
	_, _, code = hook(stopFailureJSON("rate_limit"), "-resume-after", "0")
	assert.Equal(t, 0, code, "-resume-after 0 turns it off")

	hook(`{"session_id":"sf-1","cwd":"/nonexistent","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"Done."}`)
	_, errs, _ = hook(stopFailureJSON("rate_limit"), "-resume-after", "50ms")
	assert.Contains(t, errs, "Waited 50ms; resending (attempt 1/5)", "a Stop resets the count")
}

func TestBuildWithClaudeFeatures(t *testing.T) {
	t.Setenv("TELEGRAM_BOT_TOKEN", "1:T")
	t.Setenv("TELEGRAM_CHAT_ID", "5")
	c := Config{Reply: "Yes", ContinueWithContext: true, EscalateTimeout: time.Minute, Claude: defaultClaude}
	c.Claude.Deferred = true
	p, opts := build(c, &bytes.Buffer{})
	assert.Contains(t, opts.Events, stophook.EventStopFailure)
	assert.Less(t, opts.Budget, 8*time.Minute, "a Stop keeps the usual budget")
	assert.Greater(t, c.Claude.resumeBudget(), 8*time.Minute, "a StopFailure's budget holds the longest wait")
	names := policyNames(p)
	assert.Equal(t, "ResumeAfterAPIError", names[0])
	assert.Equal(t, "DeferredAnswers", names[1])

	c.Claude = claudeConfig{DeferredWait: time.Hour}
	p, opts = build(c, &bytes.Buffer{})
	assert.NotContains(t, opts.Events, stophook.EventStopFailure)
	assert.NotContains(t, policyNames(p), "ResumeAfterAPIError")
	assert.NotContains(t, policyNames(p), "DeferredAnswers")
}

// policyNames lists the top-level policies of a chain, by running it on an
// event every policy passes.
func policyNames(p stophook.Policy) []string {
	d, _ := p.(*stophook.Chain).Evaluate(t0ctx(), stophook.Input{HookEventName: "Notification"})
	var names []string
	for _, s := range d.Trace {
		names = append(names, s.Policy)
	}
	return names
}

func t0ctx() context.Context { return context.Background() }

// openStdin yields data, then blocks as a pipe whose writer never closes.
type openStdin struct {
	data *strings.Reader
	hang chan struct{}
}

func (r openStdin) Read(p []byte) (int, error) {
	if r.data.Len() > 0 {
		return r.data.Read(p)
	}
	<-r.hang
	return 0, io.EOF
}

// TestDecidesWithStdinOpen: with resume on (the default), the hook answers
// once one complete input has arrived, without waiting for the end of
// stdin (which would time out and drop the input).
func TestDecidesWithStdinOpen(t *testing.T) {
	hang := make(chan struct{})
	defer close(hang)
	in := `{"hook_event_name":"Stop","session_id":"s","cwd":` + strconv.Quote(t.TempDir()) + `,"last_assistant_message":"All done."}`
	var out, errb strings.Builder
	code := run([]string{"-state", t.TempDir()}, openStdin{strings.NewReader(in), hang}, &out, &errb)
	assert.Equal(t, 0, code)
	assert.Empty(t, errb.String(), "the runner must not wait for the end of stdin")
}
