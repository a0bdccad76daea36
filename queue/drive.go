package queue

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"
)

// Drive creates the queue of session and types its first command: the TUI
// driver's whole job. It validates commands (and asks Checker, when set),
// refuses a session that already has a queue ([errBusy]; a malformed one is
// moved aside), writes the queue with the first command active, releases
// the lock, then types. If typing fails the queue is removed again and the
// error returned: nothing was started.
func (p *Processor) Drive(ctx context.Context, session string, commands []string, now time.Time) (*Queue, error) {
	if err := validateCommands(commands); err != nil {
		return nil, err
	}
	if p.Checker != nil {
		if err := p.Checker.Check(commands); err != nil {
			return nil, err
		}
	}
	q, err := newQueue(session, commands, p.Awaits, now)
	if err != nil {
		return nil, err
	}
	unlock, err := p.dir().Lock(ctx, session)
	if err != nil {
		return nil, err
	}
	old, err := p.dir().Load(session)
	switch {
	case err == nil:
		unlock()
		return nil, fmt.Errorf("%w (%d/%d done; cancel it first)", errBusy, old.doneCount(), len(old.Commands))
	case errors.Is(err, errMalformed):
		if moved, merr := p.dir().moveAside(session, now); merr == nil {
			p.log().Warn("queue: malformed queue file moved aside", "session", session, "to", moved, "error", err)
		}
	case !errors.Is(err, ErrNoQueue):
		unlock()
		return nil, err
	}
	p.dir().dropMarker(session)
	err = p.dir().save(session, q)
	unlock()
	if err != nil {
		return nil, err
	}
	if err := p.typeCommand(ctx, session, q.Commands[0].Command); err != nil {
		p.undo(session, q)
		return nil, err
	}
	return q, nil
}

// undo removes the queue Drive wrote when its first command could not be
// typed, unless something else replaced it meanwhile.
func (p *Processor) undo(session string, q *Queue) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	unlock, err := p.dir().Lock(ctx, session)
	if err != nil {
		return
	}
	defer unlock()
	cur, err := p.dir().Load(session)
	if err != nil || cur.CreatedAt == nil || q.CreatedAt == nil || !cur.CreatedAt.Equal(*q.CreatedAt) {
		return
	}
	if path, err := p.dir().File(session); err == nil {
		os.Remove(path)
	}
}

// Cancel retires the queue of session to queue-<name>.stale.json with
// status cancelled, without waking anyone, and returns it ([ErrNoQueue]
// when there is none).
func (p *Processor) Cancel(ctx context.Context, session string) (*Queue, error) {
	unlock, err := p.dir().Lock(ctx, session)
	if err != nil {
		return nil, err
	}
	defer unlock()
	q, err := p.dir().Load(session)
	if err != nil {
		return nil, err
	}
	q.Status = QueueCancelled
	if _, err := p.dir().retire(session, suffixStale, q); err != nil {
		return nil, err
	}
	return q, nil
}
