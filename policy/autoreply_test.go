package policy_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/judge"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/stophooktest"
)

func TestAutoReply(t *testing.T) {
	active := stophooktest.Stop("Shall I proceed?")
	active.StopHookActive = true
	tests := []struct {
		name      string
		p         *policy.AutoReply
		in        stophook.Input
		wantBlock string // reason; "" means pass
	}{
		{"permission question", &policy.AutoReply{}, stophooktest.Stop("The plan is in docs/plan.md. Shall I proceed?"), "Yes, go ahead."},
		{"own reply", &policy.AutoReply{Reply: "Go on."}, stophooktest.Stop("Do you want me to run the tests?"), "Go on."},
		{"once per turn", &policy.AutoReply{}, active, ""},
		{"decision question", &policy.AutoReply{}, stophooktest.Stop("Which database do you prefer, Postgres or SQLite?"), ""},
		{"done", &policy.AutoReply{}, stophooktest.Stop("All tests pass."), ""},
		{"question in code only", &policy.AutoReply{}, stophooktest.Stop("I added the prompt:\n\n```go\nfmt.Println(\"Shall I proceed?\")\n```\n"), ""},
		{"no message", &policy.AutoReply{}, stophooktest.Stop(""), ""},
		{"not a stop", &policy.AutoReply{}, stophooktest.SessionEnd("other"), ""},
		{"own matcher", &policy.AutoReply{Matcher: policy.MatcherFunc(func(s string) bool { return s == "go?" })}, stophooktest.Stop("go?"), "Yes, go ahead."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := tt.p.Evaluate(context.Background(), tt.in)
			require.NoError(t, err)
			if tt.wantBlock == "" {
				assert.Equal(t, stophook.Pass, d.Verdict, "got %v (%s), want pass", d.Verdict, d.Why)
				return
			}
			assert.True(t, d.Blocks(), "got %v (%s), want block", d.Verdict, d.Why)
			assert.Equal(t, tt.wantBlock, d.Reason)
		})
	}
}

func TestIfMessage(t *testing.T) {
	calls := 0
	next := stophook.Named("Next", stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		calls++
		return stophook.AllowStop("next ran"), nil
	}))
	p := policy.IfMessage(policy.MatcherFunc(judge.Is(judge.Question, judge.Decision)), next)
	assert.Equal(t, "Next", stophook.PolicyName(p))
	tests := []struct {
		name string
		in   stophook.Input
		want stophook.Verdict
	}{
		{"matching stop", stophooktest.Stop("Which one do you prefer, A or B?"), stophook.Allow},
		{"other stop", stophooktest.Stop("Done."), stophook.Pass},
		{"empty stop", stophooktest.Stop(""), stophook.Pass},
		{"other event reaches next", stophooktest.SessionEnd("other"), stophook.Allow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := p.Evaluate(context.Background(), tt.in)
			require.NoError(t, err)
			assert.Equal(t, tt.want, d.Verdict)
		})
	}
	assert.Equal(t, 2, calls)
}
