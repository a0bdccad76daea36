package main

import (
	"errors"
	"time"

	"github.com/stophook/stophook/queue"
)

// report is what `queue status` prints: the queue of a session and how long
// its active command has been waiting for its event.
type report struct {
	Session string `json:"session"`
	File    string `json:"file"`
	Exists  bool   `json:"exists"`
	// Active describes the active command; nil when there is none.
	Active *activeReport `json:"active,omitempty"`
	Queue  *queue.Queue  `json:"queue,omitempty"`
}

// activeReport describes the command a queue is waiting on.
type activeReport struct {
	ID      int          `json:"id"`
	Command string       `json:"command"`
	Awaits  queue.Awaits `json:"awaits"`
	// Waiting is how long since the command was typed, e.g. "2m3s".
	Waiting        string  `json:"waiting"`
	WaitingSeconds float64 `json:"waiting_seconds"`
	// PromptSeen reports that its UserPromptSubmit arrived (Claude Code
	// accepted the text); commands awaiting SessionStart never get one.
	PromptSeen bool   `json:"prompt_seen"`
	Error      string `json:"error,omitempty"`
}

// queueStatus reports the queue of session at time now. A session without a
// queue gives a report with Exists false and a nil error.
func queueStatus(d *queue.Dir, session string, now time.Time) (report, error) {
	file, err := d.File(session)
	if err != nil {
		return report{}, err
	}
	r := report{Session: session, File: file}
	q, err := d.Load(session)
	if errors.Is(err, queue.ErrNoQueue) {
		return r, nil
	}
	if err != nil {
		return r, err
	}
	r.Exists, r.Queue = true, q
	if i := q.Active(); i >= 0 {
		c := q.Commands[i]
		a := &activeReport{ID: c.ID, Command: c.Command, Awaits: c.Awaits, PromptSeen: c.PromptSeenAt != nil, Error: c.Error}
		if c.StartedAt != nil {
			w := now.Sub(*c.StartedAt).Round(time.Second)
			a.Waiting, a.WaitingSeconds = w.String(), w.Seconds()
		}
		r.Active = a
	}
	return r, nil
}
