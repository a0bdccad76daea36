package judge_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stophook/stophook/judge"
	"github.com/stophook/stophook/llm"
)

func TestSettle(t *testing.T) {
	t.Parallel()
	low := judge.Verdict{Class: judge.Done, Confidence: 0.4, Why: "last Bash(go test) failed; the message does not say it failed"}
	high := judge.Verdict{Class: judge.Done, Confidence: 0.9, Why: "no failure"}
	answer := func(s string, err error) llm.Model {
		return llm.Func(func(_ context.Context, _, prompt string) (string, error) {
			if !strings.Contains(prompt, "Final message") {
				t.Errorf("prompt lacks the message: %q", prompt)
			}
			return s, err
		})
	}
	tests := []struct {
		name string
		c    llm.Model
		v    judge.Verdict
		want string
	}{
		{"low confidence settled", answer("Error.", nil), low, "error/failed"},
		{"question settled", answer("permission", nil), low, "question/permission"},
		{"confident verdict kept", answer("error", nil), high, "done"},
		{"llm error keeps the offline verdict", answer("", errors.New("timeout")), low, "done"},
		{"unreadable answer keeps it", answer("I think so", nil), low, "done"},
		{"no classifier", nil, low, "done"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := judge.Settle(context.Background(), tt.c, "Implemented the parser.", nil, tt.v); got.String() != tt.want {
				t.Errorf("Settle = %v (%q), want %s", got, got.Why, tt.want)
			}
		})
	}
}

// TestSettleSaysWhenTheLLMFailed: the offline verdict kept because the
// LLM failed or answered something else says so in its why (the trace of
// -explain and the decision log show it): a user who turned the LLM on
// learns it was asked and why it did not settle.
func TestSettleSaysWhenTheLLMFailed(t *testing.T) {
	t.Parallel()
	low := judge.Verdict{Class: judge.Done, Confidence: 0.4, Why: "last Bash(go test) failed; the message does not say it failed"}
	for _, tt := range []struct {
		name   string
		answer string
		err    error
		want   string
	}{
		{"error", "", errors.New("anthropic: 529 overloaded"), "llm failed (anthropic: 529 overloaded); "},
		{"unreadable answer", "I think so", nil, `llm answered "I think so"; `},
	} {
		m := llm.Func(func(context.Context, string, string) (string, error) { return tt.answer, tt.err })
		got := judge.Settle(context.Background(), m, "Implemented the parser.", nil, low)
		if got.String() != "done" || got.Why != tt.want+low.Why {
			t.Errorf("%s: Settle = %v (%q), want done, %q then the offline why", tt.name, got, got.Why, tt.want)
		}
	}
}
