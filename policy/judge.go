package policy

import (
	"context"
	"sync"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/judge"
	"github.com/stophook/stophook/llm"
	"github.com/stophook/stophook/transcript"
)

// defaultSettleTimeout bounds an LLM's settling of a verdict.
const defaultSettleTimeout = 15 * time.Second

// Judge judges the end of a turn with package judge: the last assistant
// message, and the tool results of the turn read from its transcript. It
// is the default of [ErrorRetry] and [AutoReply]; give the policies of one
// chain the same *Judge and each stop is judged once, however many of them
// ask. A nil *Judge judges afresh on every call. A Judge may be used
// concurrently.
type Judge struct {
	// Settle, when set, is asked to settle a verdict whose confidence is
	// below [judge.SettleBelow], within ctx's deadline (see
	// [judge.Settle]); its error or an answer it cannot read keeps the
	// offline verdict. Nil judges offline only.
	Settle llm.Model
	// SettleTimeout bounds one Settle call; zero means
	// 15 s. The hook's own budget bounds it too.
	SettleTimeout time.Duration

	mu   sync.Mutex
	key  judgeKey
	v    judge.Verdict
	seen bool
}

type judgeKey struct{ path, host, message string }

// Verdict judges the stop in: in.LastAssistantMessage with the evidence of
// the transcript (the subagent's own on SubagentStop). A transcript that
// cannot be read leaves the message alone to decide: the hook fails open.
func (j *Judge) Verdict(ctx context.Context, in stophook.Input) judge.Verdict {
	return j.verdict(ctx, &in)
}

// verdict is Verdict, for a policy of this package that holds the input
// already: without another copy of it.
func (j *Judge) verdict(ctx context.Context, in *stophook.Input) judge.Verdict {
	path := transcript.Path(in.TranscriptPath, in.AgentTranscriptPath)
	key := judgeKey{path, in.Host, in.LastAssistantMessage}
	if j != nil {
		j.mu.Lock()
		defer j.mu.Unlock()
		if j.seen && j.key == key {
			return j.v
		}
	}
	var ev *judge.Evidence
	if path != "" {
		if e, err := readEvidence(path, in.Host); err == nil {
			ev = e
		}
	}
	v := judge.Judge(in.LastAssistantMessage, ev)
	if j != nil && j.Settle != nil && v.Confidence < judge.SettleBelow {
		timeout := j.SettleTimeout
		if timeout <= 0 {
			timeout = defaultSettleTimeout
		}
		sctx, cancel := context.WithTimeout(ctx, timeout)
		v = judge.Settle(sctx, j.Settle, in.LastAssistantMessage, ev, v)
		cancel()
	}
	if j != nil {
		j.key, j.v, j.seen = key, v, true
	}
	return v
}

// readEvidence reads the turn's evidence, turning a panic into an error:
// a transcript is untrusted input and the hook must fail open.
func readEvidence(path, host string) (ev *judge.Evidence, err error) {
	defer func() {
		if r := recover(); r != nil {
			ev, err = nil, errPanic
		}
	}()
	return judge.Read(path, transcript.ForHost(host))
}

type panicError struct{}

func (panicError) Error() string { return "policy: judge panicked" }

var errPanic error = panicError{}

// Is returns a [Matcher] for a message alone of class c (and kind k, unless
// NoKind), for [IfMessage]: Is(judge.Question, judge.Decision) matches a
// message that asks the human to decide. It shares the Judge's last
// verdict when the text is the same.
func (j *Judge) Is(c judge.Class, k judge.Kind) Matcher {
	return MatcherFunc(func(text string) bool {
		if j != nil {
			j.mu.Lock()
			if j.seen && j.key.message == text {
				v := j.v
				j.mu.Unlock()
				return v.Is(c, k)
			}
			j.mu.Unlock()
		}
		return judge.Classify(text).Is(c, k)
	})
}
