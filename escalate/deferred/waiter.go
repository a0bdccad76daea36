package deferred

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/escalate"
)

// defaultPollEvery is how often a waiter checks whether its job was
// cancelled or replaced.
const defaultPollEvery = time.Second

// Messages a waiter posts. Claude Code frames a socket message as coming
// from "another Claude session", not typed by the user, so the text says
// whose answer it relays.
const (
	answerPrefix = "User answered on Telegram (relayed by the stop hook that asked them): "
	continueText = "User wants you to continue (relayed from Telegram by the stop hook that asked them)"
)

// answerWaiter waits for the answer to one job and delivers it: a reply as
// answerPrefix + TEXT, the Continue button as [continueText]. Channel and
// Store are required.
type answerWaiter struct {
	Channel Channel
	Store   stophook.Store
	// Post delivers text to the session; nil means [postAnswer] with the job's
	// socket and the token from CLAUDE_CODE_MESSAGING_TOKEN.
	Post func(ctx context.Context, job jobRecord, text string) error
	// PollEvery is how often the job is checked; default [defaultPollEvery].
	PollEvery time.Duration
	// Now is the clock for the job's deadline; nil means time.Now.
	Now func() time.Time
}

// waitOutcome says what became of a job.
type waitOutcome struct {
	// Delivered reports whether the answer was posted to the session.
	Delivered bool
	// Text is the message posted, when Delivered.
	Text string
	// Note is the line the question was closed with.
	Note string
}

// Run waits for the answer to job id of session, delivers it at most once
// and closes the question with what happened. It returns when the answer
// came, the job stopped being pending (cancelled or replaced), the job's
// deadline passed, or ctx is done. A job cancelled before Run starts is
// closed at once; a job missing, replaced or settled is left alone.
func (w *answerWaiter) Run(ctx context.Context, session, id string) (waitOutcome, error) {
	job, ok, err := loadJob(ctx, w.Store, session)
	if err != nil {
		return waitOutcome{}, fmt.Errorf("deferred: %w", err)
	}
	if !ok || job.ID != id || job.State == stateDelivered || job.State == stateClosed {
		return waitOutcome{Note: "nothing to wait for"}, nil
	}
	if job.State != statePending { // cancelled before the waiter started
		out := waitOutcome{Note: "🚫 Closed: " + notPendingWhy(job, id)}
		w.forget(ctx, session, id) // the state's last write comes before the edit anyone waits on
		return out, w.close(ctx, job, out.Note)
	}
	now := time.Now
	if w.Now != nil {
		now = w.Now
	}
	wctx, cancel := context.WithTimeout(ctx, job.Deadline.Sub(now()))
	defer cancel()

	// Watch the job: a cancellation or a newer question ends the wait.
	var (
		mu      sync.Mutex
		stopped string
	)
	watchDone := make(chan struct{})
	go func() {
		defer close(watchDone)
		every := w.PollEvery
		if every <= 0 {
			every = defaultPollEvery
		}
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-wctx.Done():
				return
			case <-t.C:
			}
			cur, ok, err := loadJob(wctx, w.Store, session)
			if err != nil {
				continue
			}
			why := ""
			switch {
			case !ok:
				why = "the question was withdrawn"
			case cur.ID != id:
				why = replacedWhy(cur, id)
			case cur.State != statePending:
				why = cur.Why
				if why == "" {
					why = string(cur.State)
				}
			default:
				continue
			}
			mu.Lock()
			stopped = why
			mu.Unlock()
			cancel()
			return
		}
	}()
	ans, err := w.Channel.Await(wctx, job.Ticket)
	cancel()
	<-watchDone
	mu.Lock()
	why := stopped
	mu.Unlock()

	var out waitOutcome
	switch {
	case why != "":
		out.Note = "🚫 Closed: " + why
	case err != nil:
		transition(context.WithoutCancel(ctx), w.Store, session, id, stateClosed, "channel failed")
		out.Note = "⚠️ Could not wait for the answer — the session stays stopped"
	case ans.Kind == escalate.Reply && ans.Text != "", ans.Kind == escalate.Continue:
		text := continueText
		if ans.Kind == escalate.Reply {
			text = answerPrefix + ans.Text
		}
		moved, cur, terr := transition(context.WithoutCancel(ctx), w.Store, session, id, stateDelivered, "answered")
		switch {
		case terr != nil:
			err = terr
			out.Note = "⚠️ Answer not delivered: the session's state is unreadable"
		case !moved:
			out.Note = "🚫 Answer not delivered: " + notPendingWhy(cur, id)
		default:
			if perr := w.post(ctx, cur, text); perr != nil { // cur: the socket may have moved (resume)
				err = perr
				transition(context.WithoutCancel(ctx), w.Store, session, id, stateClosed, "delivery failed")
				out.Note = "⚠️ Answer not delivered: the session is not reachable"
			} else {
				out.Delivered, out.Text = true, text
				out.Note = "✍️ Answered — sent to the session"
				if ans.Kind == escalate.Continue {
					out.Note = "▶️ Continued — sent to the session"
				}
			}
		}
	case ans.Kind == escalate.LetStop:
		transition(context.WithoutCancel(ctx), w.Store, session, id, stateClosed, "let stop")
		out.Note = "⏹️ Let stop"
	case ctx.Err() != nil:
		out.Note = "🚫 Closed: the waiter was stopped"
	default:
		transition(context.WithoutCancel(ctx), w.Store, session, id, stateClosed, "no answer in time")
		out.Note = "⌛ No answer within " + shortDuration(job.Deadline.Sub(job.CreatedAt)) + " — the session stays stopped"
	}
	w.forget(ctx, session, id) // the state's last write comes before the edit anyone waits on
	if cerr := w.close(ctx, job, out.Note); cerr != nil && err == nil {
		err = cerr
	}
	return out, err
}

// close edits the job's question to end with note.
func (w *answerWaiter) close(ctx context.Context, job jobRecord, note string) error {
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), closeTimeout)
	defer cancel()
	if err := w.Channel.Close(cctx, job.Ticket, note); err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("deferred: close the question: %w", err)
	}
	return nil
}

// forget removes the job of session when it is still id and settled, so
// that records do not pile up; a newer job stays.
func (w *answerWaiter) forget(ctx context.Context, session, id string) {
	w.Store.Update(context.WithoutCancel(ctx), jobKey(session), func(old []byte) ([]byte, error) {
		if j, err := parseJob(old); err == nil && j.ID == id && j.State != statePending {
			return nil, nil
		}
		return old, nil
	})
}

func (w *answerWaiter) post(ctx context.Context, job jobRecord, text string) error {
	if w.Post != nil {
		return w.Post(ctx, job, text)
	}
	return postAnswer(ctx, job.Socket, os.Getenv(envToken), job.SessionID, text)
}

// notPendingWhy says why job id could not be claimed, given the job found.
func notPendingWhy(cur jobRecord, id string) string {
	switch {
	case cur.ID == "":
		return "the question was withdrawn"
	case cur.ID != id:
		return replacedWhy(cur, id)
	case cur.Why != "":
		return cur.Why
	}
	return string(cur.State)
}

// shortDuration formats d rounded to the second without zero units: "4h", "1h30m", "45s".
func shortDuration(d time.Duration) string {
	s := d.Round(time.Second).String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
