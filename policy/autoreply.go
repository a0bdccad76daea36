package policy

import (
	"context"
	"unicode/utf8"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/judge"
)

// DefaultAutoReply is the continuation [AutoReply] sends.
const DefaultAutoReply = "Yes, go ahead."

// AutoReply answers an agent that stops to ask leave to go on ("Shall I
// proceed?", "Do you want me to run the tests?") with a continuation, so an
// unattended session keeps working. It answers at most once per turn, on
// the turn's first stop ([stophook.Input.FirstStop]): once anything sent
// the agent back this turn, a permission question passes, so an agent that
// asks again ends its turn and a later policy or the human decides.
//
// Questions that need a human (a choice between alternatives, information
// only the human has) are not permission questions: they pass, so that
// [github.com/stophook/stophook/escalate.Escalation] can ask the human (see [IfMessage]).
type AutoReply struct {
	// Matcher reports a last message that asks permission; nil means the
	// turn judge ([Judge]) says it is a [judge.Permission] question.
	Matcher Matcher
	// Judge is the turn judge of the default; nil judges each stop
	// afresh. Share one with the other policies of the chain.
	Judge *Judge
	// Reply is the continuation sent to the agent; empty means
	// [DefaultAutoReply].
	Reply string
}

var _ stophook.Policy = (*AutoReply)(nil)

// Name implements the optional name interface of [stophook.PolicyName].
func (*AutoReply) Name() string { return "AutoReply" }

// Evaluate implements [stophook.Policy].
func (p *AutoReply) Evaluate(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
	if !in.IsStop() {
		return stophook.PassOn("not a stop"), nil
	}
	if !in.FirstStop() {
		return stophook.PassOn("already continued this turn: auto-reply is once per turn"), nil
	}
	if in.LastAssistantMessage == "" {
		return stophook.PassOn("no last_assistant_message"), nil
	}
	why := "last message asks permission"
	if p.Matcher != nil {
		if !p.Matcher.Match(in.LastAssistantMessage) {
			return stophook.PassOn("last message asks no permission"), nil
		}
	} else {
		v := p.Judge.Verdict(ctx, in)
		if !v.Is(judge.Question, judge.Permission) {
			return stophook.PassOn("last message is " + v.String() + ", not a permission question"), nil
		}
		why += ": " + quote(v.Why)
	}
	reply := p.Reply
	if reply == "" {
		reply = DefaultAutoReply
	}
	d := stophook.BlockWith(reply)
	d.Why = why
	return d, nil
}

// quote shortens s to a readable trace excerpt.
func quote(s string) string {
	if utf8.RuneCountInString(s) <= quoteMax { // counted without making the runes
		return `"` + s + `"`
	}
	r := []rune(s)
	return `"…` + string(r[len(r)-quoteMax:]) + `"`
}

// quoteMax is how many runes of a text [quote] keeps.
const quoteMax = 120
