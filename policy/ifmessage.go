package policy

import (
	"context"
	"github.com/stophook/stophook"
)

// Matcher decides whether an assistant message has some property: that it
// reports an error ([ErrorRetry]), asks permission ([AutoReply]), asks the
// human to decide ([IfMessage]). Match may be called concurrently.
type Matcher interface {
	Match(text string) bool
}

// MatcherFunc adapts a function to [Matcher], for example
// judge.Is(judge.Question, judge.Decision).
type MatcherFunc func(text string) bool

var _ Matcher = MatcherFunc(nil)

// Match calls f(text).
func (f MatcherFunc) Match(text string) bool { return f(text) }

// IfMessage runs next only on stops whose last assistant message m
// matches; other stops, and stops without a last message, pass. Events
// other than Stop and SubagentStop (SessionEnd bookkeeping) always reach
// next.
//
//	policy.IfMessage(policy.MatcherFunc(judge.Is(judge.Question, judge.Decision)), &escalate.Escalation{…})
//
// escalates only the stops where the agent asks the human to decide.
func IfMessage(m Matcher, next stophook.Policy) stophook.Policy {
	return &ifMessage{m: m, next: next}
}

type ifMessage struct {
	m    Matcher
	next stophook.Policy
}

// Name reports the wrapped policy's name.
func (p *ifMessage) Name() string { return stophook.PolicyName(p.next) }

func (p *ifMessage) Evaluate(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
	if in.IsStop() && (in.LastAssistantMessage == "" || !p.m.Match(in.LastAssistantMessage)) {
		return stophook.PassOn("last message does not match"), nil
	}
	return p.next.Evaluate(ctx, in)
}
