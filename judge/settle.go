package judge

import (
	"context"
	"fmt"
	"strings"

	"github.com/stophook/stophook/internal/textcut"
	"github.com/stophook/stophook/llm"
)

// SettleBelow is the confidence under which [Settle] asks the LLM.
const SettleBelow = 0.5

// settleSystem frames the question put to the LLM.
const settlePrompt = `A coding agent ended its turn. Decide what the end of the turn asks of the user.
Answer with one word:
- done: the turn is finished (failures met on the way were fixed, expected or explained)
- error: the turn ended on a failure the agent did not resolve (tests still red, build broken, push rejected), or the agent claims success the tool results contradict
- permission: the agent asks leave to go on, and a plain "yes" answers it
- decision: the agent asks the user to choose, or for information only the user has

Tool results of the turn: %s
Offline judgement: %s (%s)

Final message (between the markers):
<<<
%s
>>>
Answer:`

// Settle asks m (any [llm.Model], the one LLM interface; llm/provider
// builds them) to settle v, the offline verdict on text and ev, when its
// confidence is below [SettleBelow]; otherwise, or when m fails or answers
// something else than the four words, it returns v unchanged. The caller
// bounds the time with ctx. The verdict kept because m failed or answered
// something else says so at the start of its Why.
func Settle(ctx context.Context, m llm.Model, text string, ev *Evidence, v Verdict) Verdict {
	if m == nil || v.Confidence >= SettleBelow {
		return v
	}
	tools := "not read"
	if ev != nil {
		var parts []string
		for _, f := range ev.unresolved() {
			parts = append(parts, f.describe())
		}
		tools = "no failed check left unresolved"
		if len(parts) > 0 {
			tools = strings.Join(parts, "; ")
		}
	}
	prompt := fmt.Sprintf(settlePrompt, tools, v, v.Why, tailString(tail(text), 6<<10))
	answer, err := m.Complete(ctx, "", prompt)
	if err != nil {
		v.Why = "llm failed (" + errTail(err) + "); " + v.Why
		return v
	}
	word := strings.Trim(strings.ToLower(strings.TrimSpace(answer)), ".*`'\" ")
	if i := strings.IndexAny(word, " \n\t:,"); i >= 0 {
		word = word[:i]
	}
	why := "llm: " + word + "; offline: " + v.String() + " (" + v.Why + ")"
	switch word {
	case "done":
		return Verdict{Class: Done, Confidence: 0.7, Why: why}
	case "error":
		return Verdict{Class: Error, Kind: Failed, Confidence: 0.7, Why: why}
	case "permission":
		return Verdict{Class: Question, Kind: Permission, Confidence: 0.7, Why: why}
	case "decision":
		return Verdict{Class: Question, Kind: Decision, Confidence: 0.7, Why: why}
	}
	v.Why = fmt.Sprintf("llm answered %q; %s", textcut.Head(answer, 40, "…"), v.Why)
	return v
}

// errTail is the end of err's message, where its cause is ("connect:
// connection refused", "context deadline exceeded"), cut to 60 runes.
func errTail(err error) string {
	r := []rune(strings.TrimSpace(err.Error()))
	if len(r) > 60 {
		return "…" + string(r[len(r)-60:])
	}
	return string(r)
}
