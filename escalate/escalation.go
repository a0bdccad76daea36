package escalate

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/escalate/internal/plain"
	"github.com/stophook/stophook/transcript"
	"golang.org/x/sync/errgroup"
)

// Defaults of [Escalation].
const (
	defaultEscalationTimeout = 5 * time.Minute
	DefaultSummaryTimeout    = 30 * time.Second
	defaultTailMessages      = 15
	defaultRecentTools       = 6
)

// Block reasons of [Escalation]: "User answered: <reply>" and "User wants you
// to continue".
const (
	answeredPrefix = "User answered: "
	continueReason = "User wants you to continue"
)

// Escalation is the last step of the retry-and-escalate chain: it puts every stop before a human
// through a [Notifier] and brings the answer back.
//
// It reads the last TailMessages messages of the transcript, adds
// last_assistant_message when the tail lacks it (the transcript usually
// lags behind the Stop hook), asks the Summarizer for a summary (shown to
// the human only) and lists recent tool calls. Each of these steps degrades
// on its own: a missing or unreadable transcript, or a failed summary,
// leaves that part out of the message. Then it asks, waiting up to Timeout:
//
//   - a text reply blocks with "User answered: <text>";
//   - the Continue button blocks with "User wants you to continue";
//   - Let stop or no answer in time allows the stop;
//   - a notify-only notifier (no answer possible) passes;
//   - a notifier error is returned, so [stophook.Chain] lets the session stop.
//
// It asks on the first stop of a turn and, in the same turn, again after
// the human's text reply or Continue, until Let stop, a timeout or the
// runner's per-turn budget. On a stop of a turn that another policy
// continued last (an error retry), it asks only when Continued says so;
// nil Continued asks then too.
//
// With no Notifier, or on events other than Stop and SubagentStop, it
// passes. A stop without last_assistant_message is allowed.
type Escalation struct {
	// Notifier asks the human; nil means the policy passes.
	Notifier Notifier
	// Summarizer summarises the transcript tail; nil means no summary.
	Summarizer Summarizer
	// Store is read for the label recorded by [Register]; nil means
	// [stophook.DefaultStore] of the input.
	Store stophook.Store
	// Label overrides the registered label.
	Label string
	// Timeout bounds the wait for the human; default [defaultEscalationTimeout].
	Timeout time.Duration
	// SummaryTimeout bounds the summary; default [DefaultSummaryTimeout].
	SummaryTimeout time.Duration
	// TailMessages is how many transcript messages are read; default
	// 15.
	TailMessages int
	// RecentTools is how many tool calls are listed; default
	// [defaultRecentTools]; negative means none.
	RecentTools int
	// Continued decides whether to ask on a stop whose turn another
	// policy continued last, such as the stop after an error retry: the
	// retry-and-escalate chain asks only when the last message still
	// reports an error (the retries are used up), not when the retry
	// fixed it. Nil asks on every stop.
	Continued func(ctx context.Context, in stophook.Input) bool
	// Defer, when set, is tried before Notifier: it sends the question
	// and lets the session stop at once, the answer arriving later (see
	// package escalate/deferred). When it declines, the policy asks
	// through Notifier and waits, as without it.
	Defer Deferrer

	// readTail reads the last n messages of a transcript; nil means
	// transcript.Tail. Tests replace it.
	readTail func(path string, n int) ([]transcript.Message, error)
}

// Deferrer sends a question without waiting for its answer in the hook.
// Defer returns the decision for the stop and deferred true when it took
// the question; deferred false (d.Why says why) asks in the hook instead.
// An error means the question could not be sent; the session stops.
type Deferrer interface {
	Defer(ctx context.Context, in stophook.Input, req Request) (d stophook.Decision, deferred bool, err error)
}

var _ stophook.Policy = (*Escalation)(nil)

// Name implements the optional name interface of [stophook.PolicyName].
func (*Escalation) Name() string { return "Escalation" }

// Evaluate implements [stophook.Policy].
func (p *Escalation) Evaluate(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
	if !in.IsStop() {
		return stophook.PassOn("not a stop"), nil
	}
	if p.Notifier == nil {
		return stophook.PassOn("escalation off: no notifier"), nil
	}
	if strings.TrimSpace(in.LastAssistantMessage) == "" {
		return stophook.AllowStop("no last_assistant_message"), nil
	}
	store := p.Store
	if store == nil {
		store = stophook.DefaultStore(in)
	}
	if !in.FirstStop() && p.Continued != nil && !lastBlockOwn(ctx, store, in) && !p.Continued(ctx, in) {
		return stophook.PassOn("turn continued by another policy: human not asked"), nil
	}
	req, notes := p.analyse(ctx, in)
	if p.Defer != nil {
		d, deferred, err := p.Defer.Defer(ctx, in, req)
		if err != nil {
			return stophook.Decision{}, fmt.Errorf("escalate: escalation: %w", err)
		}
		if deferred {
			d.Why = joinWhy(d.Why, strings.Join(notes, "; "))
			return d, nil
		}
		notes = append(notes, d.Why)
	}

	timeout := p.Timeout
	if timeout <= 0 {
		timeout = defaultEscalationTimeout
	}
	actx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	ans, err := p.Notifier.Ask(actx, req)
	why := strings.Join(notes, "; ")
	switch {
	case ans.Kind == Reply && ans.Text != "":
		noteOwnBlock(ctx, store, in)
		d := stophook.BlockWith(answeredPrefix + ans.Text)
		d.Why = joinWhy("human replied", why)
		return d, nil
	case ans.Kind == Continue:
		noteOwnBlock(ctx, store, in)
		d := stophook.BlockWith(continueReason)
		d.Why = joinWhy("human pressed continue", why)
		return d, nil
	case err != nil:
		return stophook.Decision{}, fmt.Errorf("escalate: escalation: %w", err)
	case ans.Kind == LetStop:
		return stophook.AllowStop(joinWhy("human let it stop", why)), nil
	case ans.Kind == Timeout:
		return stophook.AllowStop(joinWhy(fmt.Sprintf("no answer within %s", timeout), why)), nil
	}
	return stophook.PassOn(joinWhy("notified; no answer expected", why)), nil
}

// analyse builds the request; notes say which steps degraded. The steps
// run side by side: the label (a Store read) next to the transcript tail,
// and once the tail is read, the recent tools next to the summary. Each
// degrades alone: a failed, slow or panicking step leaves its part out.
func (p *Escalation) analyse(ctx context.Context, in stophook.Input) (Request, []string) {
	req := Request{
		ID:          plain.NewRequestID(),
		SessionID:   in.SessionID,
		CWD:         in.CWD,
		LastMessage: in.LastAssistantMessage,
	}
	var (
		g                           errgroup.Group
		tailNote, toolNote, sumNote string
	)
	g.Go(func() error {
		if protect(func() error { req.Label = p.label(ctx, in); return nil }) != nil {
			req.Label = defaultLabel(in.CWD, in.SessionID)
		}
		return nil
	})
	g.Go(func() error {
		var msgs []transcript.Message
		msgs, tailNote = p.tail(in)
		var steps errgroup.Group
		if k := p.RecentTools; k >= 0 && len(msgs) > 0 {
			if k == 0 {
				k = defaultRecentTools
			}
			steps.Go(func() error {
				if err := protect(func() error {
					for _, u := range transcript.RecentToolUses(msgs, k) {
						req.RecentTools = append(req.RecentTools, u.Relative(in.CWD))
					}
					return nil
				}); err != nil {
					req.RecentTools, toolNote = nil, "recent tools: "+err.Error()
				}
				return nil
			})
		}
		// Clip: the summary's copy must not share the tools' backing array.
		withLast := withLastMessage(slices.Clip(msgs), in.LastAssistantMessage)
		steps.Go(func() error {
			req.Summary, sumNote = p.summarize(ctx, withLast)
			return nil
		})
		return steps.Wait()
	})
	g.Wait() // the steps report through their notes, never an error
	var notes []string
	for _, n := range []string{tailNote, toolNote, sumNote} {
		if n != "" {
			notes = append(notes, n)
		}
	}
	return req, notes
}

// tail reads the last TailMessages messages of the transcript (a
// subagent's own on SubagentStop); note says why there are none.
func (p *Escalation) tail(in stophook.Input) (msgs []transcript.Message, note string) {
	path := transcript.Path(in.TranscriptPath, in.AgentTranscriptPath)
	if path == "" {
		return nil, "transcript: no path"
	}
	n := p.TailMessages
	if n <= 0 {
		n = defaultTailMessages
	}
	err := protect(func() (err error) {
		read := p.readTail
		if read == nil {
			read = transcript.Tail
		}
		msgs, err = read(path, n)
		return err
	})
	if err != nil {
		return nil, "transcript: " + err.Error()
	}
	return msgs, ""
}

// summarize asks the Summarizer, within SummaryTimeout; note says why
// there is no summary.
func (p *Escalation) summarize(ctx context.Context, msgs []transcript.Message) (summary, note string) {
	if p.Summarizer == nil {
		return "", "summary: off"
	}
	st := p.SummaryTimeout
	if st <= 0 {
		st = DefaultSummaryTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, st)
	defer cancel()
	err := protect(func() (err error) {
		summary, err = p.Summarizer.Summarize(ctx, msgs)
		return err
	})
	if err != nil {
		return "", "summary: " + err.Error()
	}
	return summary, ""
}

// label returns the configured, registered or default label.
func (p *Escalation) label(ctx context.Context, in stophook.Input) string {
	if p.Label != "" {
		return p.Label
	}
	store := p.Store
	if store == nil {
		store = stophook.DefaultStore(in)
	}
	if r, err := lookupSession(ctx, store, in.SessionID); err == nil && r.Label != "" {
		return r.Label
	}
	return defaultLabel(in.CWD, in.SessionID)
}

// withLastMessage appends last as an assistant message unless the tail
// already ends with it.
func withLastMessage(msgs []transcript.Message, last string) []transcript.Message {
	want := strings.TrimSpace(last)
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == "assistant" && strings.TrimSpace(msgs[i].Text) != "" {
			if strings.TrimSpace(msgs[i].Text) == want {
				return msgs
			}
			break
		}
	}
	return append(msgs, transcript.Message{Role: "assistant", Text: last})
}

// protect runs f, turning a panic into an error, so that one analysis step
// cannot take the others down.
func protect(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}

func joinWhy(head, notes string) string {
	if notes == "" {
		return head
	}
	return head + " (" + notes + ")"
}
