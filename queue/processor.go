package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/safefile"
	"github.com/stophook/stophook/internal/textcut"
	"github.com/stophook/stophook/signals"
)

// action says what [Processor.handle] did with an event.
type action string

// Actions of an outcome.
const (
	// Ignored: an event the processor has nothing to do with.
	actIgnored action = "ignored"
	// Waiting: a queue exists but the event does not complete its active command.
	actWaiting action = "waiting"
	// Advanced: the active command is done and the next one was typed.
	actAdvanced action = "advanced"
	// Completed: the last command is done; the queue was retired and the brain woken.
	actCompleted action = "completed"
	// OwnPrompt: the UserPromptSubmit of a command the driver typed.
	actOwnPrompt action = "own-prompt"
	// Cancelled: manual input cancelled the queue.
	actCancelled action = "cancelled"
	// Stale: a new Claude Code run found an unfinished queue and retired it.
	actStale action = "stale"
	// Woke: Claude Code stopped with no queue; the brain was woken.
	actWoke action = "woke"
	// Skipped: Claude Code stopped with no queue, and wake-up filtering skipped the wake.
	actSkipped action = "skipped"
)

// outcome reports what [Processor.handle] did.
type outcome struct {
	action action
	// Why explains the action in one line.
	Why string
	// Queue is the queue after the event (nil when there was none).
	Queue *Queue
	// Typed is the command typed into the session, if any.
	Typed string
	// Wake is the payload sent to the brain, if any.
	Wake *Payload
}

// Checker tells whether commands can be queued; [Commands] is the
// implementation that looks for slash commands on disk.
type Checker interface {
	Check(commands []string) error
}

// errBusy is returned by [Processor.Drive] when the session already has a queue.
var errBusy = errors.New("queue: session already has a queue")

// Processor is the shared queue processor: every hook handler (Stop,
// SessionStart, UserPromptSubmit) hands its event to it through [Advance],
// and the driver creates queues with [Processor.Drive]. It holds the
// per-session lock only while reading and writing the queue file, never
// while typing or waking.
//
// The zero value works: every nil field has a safe default, named on it.
type Processor struct {
	// Dir holds the queue files. Nil: [DefaultPath] of the working directory.
	Dir *Dir
	// Driver types commands into sessions. Nil: [Tmux]{}.
	Driver Driver
	// Waker wakes the brain. Nil: [Discard].
	Waker Waker
	// Registry limits waking to registered sessions. Nil: every session is
	// registered, with no agent config.
	Registry Registry
	// Awaits maps commands to the event that completes them; the zero
	// value is the default mapping ([DefaultRules]).
	Awaits Mapping
	// Checker vets commands before [Processor.Drive] queues them. Nil: no check.
	Checker Checker
	// StopPrompt is the file whose text goes with a first wake as its
	// instructions, read at every wake. Empty or unreadable: [defaultStopPrompt].
	StopPrompt string
	// Logger receives one line per action and every error. Nil: slog.Default().
	Logger *slog.Logger
}

func (p *Processor) dir() *Dir {
	if p.Dir == nil {
		return NewDir(DefaultPath(""))
	}
	return p.Dir
}

func (p *Processor) log() *slog.Logger {
	if p.Logger == nil {
		return slog.Default()
	}
	return p.Logger
}

// handle processes one hook event of the Claude Code running in session
// (the tmux session name the queue is keyed by, not the Claude session id,
// which /clear changes):
//
//   - the event matches the active command's awaits → the command is done
//     with last_assistant_message as its result; the next one is made
//     active, saved, then typed; after the last one the queue is retired to
//     queue-<name>.done.json and the brain gets the queue-complete payload;
//   - UserPromptSubmit carrying the active command's text → recorded (it is
//     the driver's own typing); any other UserPromptSubmit → the queue is
//     cancelled: renamed to .stale.json and the brain told;
//   - SessionStart(startup) with a queue → renamed to .stale.json, brain told;
//   - Stop with no queue → wake-up filtering, then a first wake.
//
// Anything else changes nothing. A malformed queue file is moved aside and
// treated as no queue. Errors are returned for logging only: handle never
// asks the session to do anything.
func (p *Processor) handle(ctx context.Context, session string, in stophook.Input) (outcome, error) {
	now := in.Time().UTC()
	unlock, err := p.dir().Lock(ctx, session)
	if err != nil {
		return outcome{action: actIgnored}, err
	}
	out, typeIdx, err := p.transition(session, in, now)
	unlock()
	if err != nil {
		return out, err
	}
	var errs []error
	if typeIdx >= 0 {
		out.Typed = out.Queue.Commands[typeIdx].Command
		if err := p.typeCommand(ctx, session, out.Typed); err != nil {
			errs = append(errs, err)
			out.Wake = p.recordTypeError(ctx, session, out.Queue.Commands[typeIdx].ID, err, now)
		}
	}
	if out.Wake != nil {
		if err := p.wake(ctx, session, in, out.Wake); err != nil {
			errs = append(errs, err)
		}
	}
	p.log().LogAttrs(ctx, slog.LevelInfo, "queue: "+string(out.action),
		slog.String("session", session), slog.String("event", string(in.HookEventName)), slog.String("why", out.Why))
	return out, errors.Join(errs...)
}

// transition decides and persists the effect of in, under the lock. It
// returns the index of the command to type next, or -1.
func (p *Processor) transition(session string, in stophook.Input, now time.Time) (outcome, int, error) {
	q, err := p.dir().Load(session)
	switch {
	case errors.Is(err, errMalformed):
		moved, merr := p.dir().moveAside(session, now)
		if merr != nil {
			return outcome{action: actIgnored}, -1, fmt.Errorf("%w (and moving it aside failed: %v)", err, merr)
		}
		p.log().Warn("queue: malformed queue file moved aside", "session", session, "to", moved, "error", err)
		q = nil
	case errors.Is(err, ErrNoQueue):
		q = nil
	case err != nil:
		return outcome{action: actIgnored}, -1, err
	}
	if q == nil {
		return p.noQueue(session, in), -1, nil
	}
	if in.HookEventName == stophook.EventSessionStart {
		p.dir().dropMarker(session)
	}

	i := q.Active()
	if i < 0 && q.next() >= 0 {
		// A crash between marking a command done and activating the next:
		// activate it now rather than waiting forever.
		j := q.next()
		q.Commands[j].Status, q.Commands[j].StartedAt = Active, &now
		if err := p.dir().save(session, q); err != nil {
			return outcome{action: actIgnored}, -1, err
		}
		return outcome{action: actAdvanced, Why: fmt.Sprintf("resumed at command %d", j+1), Queue: q}, j, nil
	}
	if i < 0 {
		return p.complete(session, q, "every command was already done")
	}

	c := &q.Commands[i]
	switch {
	case c.Awaits.matches(in):
		c.Status, c.CompletedAt = Done, &now
		if in.IsStop() || in.LastAssistantMessage != "" {
			r := capResult(in.LastAssistantMessage)
			c.Result = &r
		}
		j := q.next()
		if j < 0 {
			return p.complete(session, q, fmt.Sprintf("command %d done on %s", c.ID, c.Awaits))
		}
		q.Commands[j].Status, q.Commands[j].StartedAt = Active, &now
		if err := p.dir().save(session, q); err != nil {
			return outcome{action: actIgnored}, -1, err
		}
		return outcome{action: actAdvanced, Why: fmt.Sprintf("command %d done on %s; typing command %d", c.ID, c.Awaits, q.Commands[j].ID), Queue: q}, j, nil

	case in.HookEventName == stophook.EventUserPromptSubmit && c.PromptSeenAt == nil && samePrompt(in.Prompt, c.Command):
		c.PromptSeenAt, c.PromptID = &now, in.PromptID
		if err := p.dir().save(session, q); err != nil {
			return outcome{action: actIgnored}, -1, err
		}
		return outcome{action: actOwnPrompt, Why: fmt.Sprintf("prompt of command %d submitted", c.ID), Queue: q}, -1, nil

	case in.HookEventName == stophook.EventUserPromptSubmit:
		q.Status = QueueCancelled
		file, err := p.dir().retire(session, suffixStale, q)
		if err != nil {
			return outcome{action: actIgnored}, -1, err
		}
		if err := p.dir().writeMarker(session, cancelMarker{SessionID: in.SessionID, PromptID: in.PromptID, Prompt: textcut.Runes(in.Prompt, 1000, "…"), CancelledAt: now}); err != nil {
			p.log().Warn("queue: cannot write cancel marker", "session", session, "error", err)
		}
		remaining, _ := json.Marshal(q.remaining())
		return outcome{action: actCancelled, Why: "manual input", Queue: q, Wake: &Payload{
			Event:    WakeCancelled,
			Message:  fmt.Sprintf("Queue cancelled by manual input. Completed: %d/%d. Remaining: %s", q.doneCount(), len(q.Commands), remaining),
			Summary:  fmt.Sprintf("%d/%d commands completed", q.doneCount(), len(q.Commands)),
			File:     file,
			Prompt:   in.Prompt,
			Commands: q.Commands,
		}}, -1, nil

	case in.HookEventName == stophook.EventSessionStart && in.Source == "startup":
		q.Status = queueStale
		file, err := p.dir().retire(session, suffixStale, q)
		if err != nil {
			return outcome{action: actIgnored}, -1, err
		}
		return outcome{action: actStale, Why: "new Claude Code run found an unfinished queue", Queue: q, Wake: &Payload{
			Event:    WakeStale,
			Message:  "Previous session had unfinished queue",
			Summary:  fmt.Sprintf("%d/%d commands completed", q.doneCount(), len(q.Commands)),
			File:     file,
			Commands: q.Commands,
		}}, -1, nil
	}
	return outcome{action: actWaiting, Why: fmt.Sprintf("command %d awaits %s, got %s", c.ID, c.Awaits, eventString(in)), Queue: q}, -1, nil
}

func (p *Processor) complete(session string, q *Queue, why string) (outcome, int, error) {
	q.Status = queueCompleted
	file, err := p.dir().retire(session, suffixDone, q)
	if err != nil {
		return outcome{action: actIgnored}, -1, err
	}
	n := len(q.Commands)
	return outcome{action: actCompleted, Why: why, Queue: q, Wake: &Payload{
		Event:    WakeComplete,
		Summary:  fmt.Sprintf("%d/%d commands completed", q.doneCount(), n),
		File:     file,
		Commands: q.Commands,
	}}, -1, nil
}

// noQueue handles an event for a session without a queue.
func (p *Processor) noQueue(session string, in stophook.Input) outcome {
	switch {
	case in.HookEventName == stophook.EventSessionStart:
		p.dir().dropMarker(session)
		return outcome{action: actIgnored, Why: "no queue"}
	case in.HookEventName != stophook.EventStop:
		return outcome{action: actIgnored, Why: "no queue"}
	}
	if m, ok := p.dir().takeMarker(session); ok && endsCancelledTurn(m, in) {
		return outcome{action: actSkipped, Why: "end of the turn in which manual input cancelled the queue"}
	}
	switch {
	case in.StopHookActive:
		return outcome{action: actSkipped, Why: "stop_hook_active"}
	case strings.TrimSpace(in.LastAssistantMessage) == "":
		return outcome{action: actSkipped, Why: "no last_assistant_message"}
	}
	return outcome{action: actWoke, Why: "stopped with no queue", Wake: &Payload{
		Event:                WakeStop,
		LastAssistantMessage: in.LastAssistantMessage,
		SuggestedCommands:    signals.SuggestedCommands(in.LastAssistantMessage),
	}}
}

// endsCancelledTurn reports whether the Stop in ends the turn during which
// the queue was cancelled: same session and prompt_id (the first Stop after
// the cancel when either has no prompt_id), within [markerTTL].
func endsCancelledTurn(m cancelMarker, in stophook.Input) bool {
	if in.Time().Sub(m.CancelledAt) >= markerTTL {
		return false
	}
	if m.SessionID != "" && in.SessionID != "" && m.SessionID != in.SessionID {
		return false
	}
	return m.PromptID == "" || in.PromptID == "" || m.PromptID == in.PromptID
}

// wake fills in the payload's metadata and instructions and delivers it,
// unless the session is not registered.
func (p *Processor) wake(ctx context.Context, session string, in stophook.Input, pl *Payload) error {
	pl.Session, pl.SessionID, pl.CWD = session, in.SessionID, in.CWD
	if p.Registry != nil {
		agent, ok, err := p.Registry.Lookup(ctx, session)
		if err != nil {
			return err
		}
		if !ok {
			p.log().Info("queue: session not registered, no wake", "session", session, "event", pl.Event)
			return nil
		}
		pl.Agent = agent
	}
	if pl.Event == WakeStop {
		pl.Instructions = p.stopPrompt()
	}
	w := p.Waker
	if w == nil {
		w = Discard
	}
	if err := w.Wake(ctx, *pl); err != nil {
		return err
	}
	return nil
}

func (p *Processor) stopPrompt() string {
	if p.StopPrompt == "" {
		return defaultStopPrompt
	}
	b, err := safefile.ReadFileFollow(p.StopPrompt, 1<<20)
	if err != nil {
		p.log().Warn("queue: cannot read stop prompt, using the default", "error", err)
		return defaultStopPrompt
	}
	return string(b)
}

func (p *Processor) typeCommand(ctx context.Context, session, text string) error {
	if p.Driver == nil {
		return Tmux{}.Type(ctx, session, text)
	}
	return p.Driver.Type(ctx, session, text)
}

// recordTypeError notes on command id that typing it failed, and returns
// the payload telling the brain.
func (p *Processor) recordTypeError(ctx context.Context, session string, id int, terr error, now time.Time) *Payload {
	msg := fmt.Sprintf("Could not type command %d: %v", id, terr)
	pl := &Payload{Event: wakeError, Message: msg}
	unlock, err := p.dir().Lock(ctx, session)
	if err != nil {
		return pl
	}
	defer unlock()
	q, err := p.dir().Load(session)
	if err != nil {
		return pl
	}
	for i := range q.Commands {
		if q.Commands[i].ID == id && q.Commands[i].Status == Active {
			q.Commands[i].Error = textcut.Runes(terr.Error(), 1000, "…")
			if p.dir().save(session, q) == nil {
				pl.Commands = q.Commands
			}
		}
	}
	return pl
}

// samePrompt reports whether a UserPromptSubmit prompt is the text of
// command: equal up to whitespace, or, for a slash command, with a
// completed command name (Tab completion).
func samePrompt(prompt, command string) bool {
	p, c := strings.Fields(prompt), strings.Fields(command)
	if len(p) == 0 || len(p) != len(c) {
		return false
	}
	if p[0] != c[0] && !(strings.HasPrefix(c[0], "/") && strings.HasPrefix(p[0], c[0])) {
		return false
	}
	for i := 1; i < len(p); i++ {
		if p[i] != c[i] {
			return false
		}
	}
	return true
}

func capResult(s string) string {
	if len(s) <= maxResultBytes {
		return s
	}
	return textcut.Bytes(s, maxResultBytes) + "\n[truncated]"
}

func eventString(in stophook.Input) string {
	if s := eventSub(in); s != "" {
		return string(in.HookEventName) + "(" + s + ")"
	}
	return string(in.HookEventName)
}
