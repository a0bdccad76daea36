package hook

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/flock"
	"github.com/stophook/stophook/internal/hostio"
)

// maxLogSize is the size at which a decision log is rotated: the file
// becomes FILE.1 (replacing an older one) and a new FILE is started.
const maxLogSize = 10 << 20

// reasonHead is how many characters of a block reason a log line keeps.
const reasonHead = 200

// logLine is one decision in the STOPHOOK_LOG file.
type logLine struct {
	Time       time.Time `json:"time"`
	SessionID  string    `json:"session_id"`
	Event      string    `json:"event"`
	Host       string    `json:"host,omitempty"`
	Verdict    string    `json:"verdict"`
	Policy     string    `json:"policy"` // every field of the contract is there, "" when empty
	Why        string    `json:"why"`
	Reason     string    `json:"reason"`
	DurationMS float64   `json:"duration_ms"`
}

// appendLog appends one line for d to the log at path; its why names the
// policies that failed (an error or a panic, treated as a pass). The line
// is one write to a file opened with O_APPEND, so lines of concurrent
// hooks never interleave. Before the write, a file at or above maxLogSize
// is rotated (see [rotateLog]).
func appendLog(path string, in stophook.Input, d stophook.Decision, took time.Duration) error {
	verdict := "allow"
	if d.Blocks() {
		verdict = "block"
	}
	why := d.Why
	for _, s := range d.Trace {
		if s.Err != nil {
			// Its stderr line says so too: "no policy objected" alone
			// would hide the policy that could not say.
			why += fmt.Sprintf("; %s failed, treated as pass: %v", s.Policy, s.Err)
		}
	}
	b, err := json.Marshal(logLine{
		Time: in.Time().UTC(), SessionID: in.SessionID, Event: string(in.HookEventName), Host: in.Host,
		Verdict: verdict, Policy: d.Policy, Why: why, Reason: hostio.Truncate(d.Reason, reasonHead),
		DurationMS: float64(took.Microseconds()) / 1000,
	})
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if fi, err := os.Stat(path); err == nil && fi.Size()+int64(len(b)) > maxLogSize {
		rotateLog(path, int64(len(b)))
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|logOpenFlags, 0o600)
	if err != nil {
		return err
	}
	_, werr := f.Write(b)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	return werr
}

// inputPolicy names the decision log's line for a stop let through before
// any policy ran: the input could not be read or is not a hook input, or
// its event is not one the hook handles (the why says which).
const inputPolicy = "stophook.input"

// logFailOpen appends to opts.Log, when set, the line of a stop let
// through before any policy ran, for why: a user reading the log to learn
// why a session stopped finds the reason there too. The line names the
// session, event and host of in, the decoded input, else those that data
// (the raw input, possibly nil) names, if any. It returns what the stop's
// one stderr line adds when the log cannot be written: "" or
// "; stophook: decision log: ERR".
func logFailOpen(opts *Options, in *stophook.Input, data []byte, why string, start time.Time) (note string) {
	if opts.Log == "" {
		return ""
	}
	var peeked stophook.Input
	if in == nil {
		var ids struct {
			SessionID  string `json:"session_id"`
			SessionID2 string `json:"sessionId"`
			Event      string `json:"hook_event_name"`
			Event2     string `json:"hookEventName"`
		}
		_ = json.Unmarshal(data, &ids) // the members that decode, if any
		peeked.SessionID = cmp.Or(ids.SessionID, ids.SessionID2)
		peeked.HookEventName = stophook.Event(cmp.Or(ids.Event, ids.Event2))
		if opts.now != nil {
			peeked.Now = opts.now()
		}
		in = &peeked
	}
	d := stophook.AllowStop(why)
	d.Policy = inputPolicy
	if err := appendLog(opts.Log, *in, d, time.Since(start)); err != nil {
		return fmt.Sprintf("; stophook: decision log: %v", err)
	}
	return ""
}

// rotateWait bounds the wait for another hook's rotation of the log.
const rotateWait = time.Second

// rotateLog renames the log at path to FILE.1 if it is still too full for
// next more bytes. Hooks deciding at once each see the full log; the lock
// file FILE.lock lets one of them rotate it and the others find the new,
// short log, so FILE.1 is never replaced by a log just started. When the
// lock cannot be had the line goes to the full log: it is kept, not lost.
func rotateLog(path string, next int64) {
	ctx, cancel := context.WithTimeout(context.Background(), rotateWait)
	defer cancel()
	unlock, err := flock.Lock(ctx, path+".lock")
	if err != nil {
		return
	}
	defer unlock()
	if fi, err := os.Stat(path); err == nil && fi.Size()+next > maxLogSize {
		_ = os.Rename(path, path+".1")
	}
}
