package deferred

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/escalate"
)

var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

const session = "00000000-0000-4000-8000-000000000001"

func stopIn(cwd string) stophook.Input {
	return stophook.Input{SessionID: session, CWD: cwd, HookEventName: stophook.EventStop,
		LastAssistantMessage: "Which database?", Now: t0}
}

// newAsker returns an Asker on a temp state dir with a fake channel, a
// socket environment and a Start that records its calls.
func newAsker(t *testing.T, env map[string]string) (*Asker, *fakeChannel, *[]string) {
	t.Helper()
	ch := newFakeChannel()
	var started []string
	a := &Asker{Channel: ch, StateDir: t.TempDir(), Wait: time.Hour,
		Getenv: func(k string) string { return env[k] },
		Start: func(dir, s, id string) (int, error) {
			started = append(started, s+"/"+id)
			return 4242, nil
		}}
	return a, ch, &started
}

var attended = map[string]string{envSocket: "/tmp/cc-socks/1.sock", envAttended: "1"}

func TestDeferDeclines(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		env  map[string]string
		in   stophook.Input
		why  string
	}{
		{"no socket", map[string]string{}, stopIn("."), "no CLAUDE_CODE_MESSAGING_SOCKET"},
		{"claude -p", map[string]string{envSocket: "/x.sock", envAttended: "0"}, stopIn("."), "unattended"},
		{"no session", attended, stophook.Input{HookEventName: stophook.EventStop}, "no session_id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a, ch, started := newAsker(t, tt.env)
			d, ok, err := a.Defer(context.Background(), tt.in, escalate.Request{})
			if ok || err != nil || !strings.Contains(d.Why, tt.why) {
				t.Errorf("got %q, %v, %v; want a decline saying %q", d.Why, ok, err, tt.why)
			}
			if len(ch.sent) != 0 || len(*started) != 0 {
				t.Errorf("sent %d, started %v; want nothing", len(ch.sent), *started)
			}
		})
	}
}

func TestDeferRecordsJobAndStartsWaiter(t *testing.T) {
	t.Parallel()
	a, ch, started := newAsker(t, attended)
	ctx := context.Background()
	d, ok, err := a.Defer(ctx, stopIn("."), escalate.Request{ID: "q1"})
	if !ok || err != nil || d.Verdict != stophook.Allow || !strings.Contains(d.Why, "waiter 4242") {
		t.Fatalf("got %v %q, %v, %v; want an allow naming the waiter", d.Verdict, d.Why, ok, err)
	}
	store := stophook.NewFileStore(a.StateDir)
	j, found, _ := loadJob(ctx, store, session)
	if !found || j.ID != "q1" || j.State != statePending || j.Socket != attended[envSocket] || !j.Deadline.Equal(t0.Add(time.Hour)) {
		t.Fatalf("job %+v, want q1 pending on the socket until t0+1h", j)
	}
	if len(*started) != 1 || (*started)[0] != session+"/q1" {
		t.Errorf("started %v", *started)
	}
	// A newer question replaces it.
	d, _, _ = a.Defer(ctx, stopIn("."), escalate.Request{ID: "q2"})
	if !strings.Contains(d.Why, "replaces question q1") {
		t.Errorf("second question: why %q, want it to name the replaced one", d.Why)
	}
	if len(ch.sent) != 2 {
		t.Errorf("sent %d questions, want 2", len(ch.sent))
	}
	// An invalid request id is replaced.
	a.Defer(ctx, stopIn("."), escalate.Request{ID: "../x y"})
	if j, _, _ := loadJob(ctx, store, session); !validID(j.ID) {
		t.Errorf("job id %q, want a valid one", j.ID)
	}
}

func TestDeferStartFailureClosesQuestion(t *testing.T) {
	t.Parallel()
	a, ch, _ := newAsker(t, attended)
	a.Start = func(string, string, string) (int, error) { return 0, errors.New("fork failed") }
	_, ok, err := a.Defer(context.Background(), stopIn("."), escalate.Request{ID: "q1"})
	if ok || err == nil {
		t.Fatalf("got ok %v, err %v; want an error", ok, err)
	}
	if got := ch.outcome([]byte(`{"q":"q1"}`)); !strings.Contains(got, "Could not wait") {
		t.Errorf("closed with %q", got)
	}
	if j, _, _ := loadJob(context.Background(), stophook.NewFileStore(a.StateDir), session); j.State != stateClosed {
		t.Errorf("job state %q, want closed", j.State)
	}
}

func TestEvaluateCancelsPendingQuestion(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in  stophook.Input
		why string
	}{
		{stophook.Input{SessionID: session, HookEventName: stophook.EventUserPromptSubmit, Prompt: "use postgres"}, "the user typed in the session first"},
		{stophook.Input{SessionID: session, HookEventName: stophook.EventSessionEnd, Reason: "clear"}, "the session ended (clear)"},
	} {
		t.Run(string(tt.in.HookEventName), func(t *testing.T) {
			t.Parallel()
			a, _, _ := newAsker(t, attended)
			ctx := context.Background()
			if d, _ := a.Evaluate(ctx, tt.in); d.Verdict != stophook.Pass || d.Why != "no pending question" {
				t.Errorf("without a job: got %v %q", d.Verdict, d.Why)
			}
			a.Defer(ctx, stopIn("."), escalate.Request{ID: "q1"})
			d, err := a.Evaluate(ctx, tt.in)
			if err != nil || d.Verdict != stophook.Pass || !strings.Contains(d.Why, tt.why) {
				t.Errorf("got %v %q, %v", d.Verdict, d.Why, err)
			}
			j, _, _ := loadJob(ctx, stophook.NewFileStore(a.StateDir), session)
			if j.State != stateCancelled || j.Why != tt.why {
				t.Errorf("job %s %q, want cancelled: %q", j.State, j.Why, tt.why)
			}
		})
	}
}

// newJob stores a pending job q1 and returns a waiter for it.
func newJob(t *testing.T, ch *fakeChannel, post func(context.Context, jobRecord, string) error) (*answerWaiter, stophook.Store) {
	t.Helper()
	a, _, _ := newAsker(t, attended)
	a.Channel = ch
	if _, ok, err := a.Defer(context.Background(), stopIn("."), escalate.Request{ID: "q1"}); !ok || err != nil {
		t.Fatal(err)
	}
	store := stophook.NewFileStore(a.StateDir)
	return &answerWaiter{Channel: ch, Store: store, Post: post, PollEvery: 10 * time.Millisecond, Now: func() time.Time { return t0 }}, store
}

func TestWaiterOutcomes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		answer    *escalate.Answer
		before    func(store stophook.Store) // runs before the answer
		postErr   error
		delivered string
		note      string
	}{
		{name: "reply", answer: &escalate.Answer{Kind: escalate.Reply, Text: "use postgres"}, delivered: answerPrefix + "use postgres", note: "Answered"},
		{name: "continue", answer: &escalate.Answer{Kind: escalate.Continue}, delivered: continueText, note: "Continued"},
		{name: "let stop", answer: &escalate.Answer{Kind: escalate.LetStop}, note: "Let stop"},
		{name: "user typed first", before: func(s stophook.Store) {
			transition(context.Background(), s, session, "", stateCancelled, "the user typed in the session first")
		}, note: "Closed: the user typed in the session first"},
		{name: "answer after the user typed", answer: &escalate.Answer{Kind: escalate.Reply, Text: "late"}, before: func(s stophook.Store) {
			transition(context.Background(), s, session, "", stateCancelled, "the user typed in the session first")
		}, note: "the user typed in the session first"},
		{name: "newer question", before: func(s stophook.Store) {
			s.Update(context.Background(), jobKey(session), func(old []byte) ([]byte, error) {
				return []byte(`{"id":"q2","session_id":"` + session + `","state":"pending"}`), nil
			})
		}, note: "a newer question replaced it"},
		{name: "session unreachable", answer: &escalate.Answer{Kind: escalate.Reply, Text: "x"}, postErr: errors.New("connection refused"), note: "not reachable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ch := newFakeChannel()
			var posted []string
			w, store := newJob(t, ch, func(_ context.Context, j jobRecord, text string) error {
				posted = append(posted, text)
				return tt.postErr
			})
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			type result struct {
				out waitOutcome
				err error
			}
			done := make(chan result, 1)
			go func() {
				out, err := w.Run(ctx, session, "q1")
				done <- result{out, err}
			}()
			<-ch.awaiting
			if tt.before != nil {
				tt.before(store)
			}
			if tt.answer != nil {
				ch.answers <- *tt.answer
			}
			res := <-done
			out, err := res.out, res.err
			if (err != nil) != (tt.postErr != nil) {
				t.Errorf("err %v", err)
			}
			want := []string(nil)
			if tt.delivered != "" {
				want = []string{tt.delivered}
			}
			if tt.delivered == "" && tt.postErr != nil {
				want = []string{answerPrefix + "x"}
			}
			if strings.Join(posted, "|") != strings.Join(want, "|") || out.Delivered != (tt.delivered != "") {
				t.Errorf("posted %q (delivered %v), want %q", posted, out.Delivered, want)
			}
			if !strings.Contains(out.Note, tt.note) || ch.outcome([]byte(`{"q":"q1"}`)) != out.Note {
				t.Errorf("note %q (closed with %q), want it to say %q", out.Note, ch.outcome([]byte(`{"q":"q1"}`)), tt.note)
			}
			if j, ok, _ := loadJob(ctx, store, session); ok && j.ID == "q1" {
				t.Errorf("job q1 left behind: %+v", j)
			}
		})
	}
}

func TestWaiterDeadline(t *testing.T) {
	t.Parallel()
	ch := newFakeChannel()
	w, _ := newJob(t, ch, nil)
	w.Now = func() time.Time { return t0.Add(time.Hour - 20*time.Millisecond) }
	out, err := w.Run(context.Background(), session, "q1")
	if err != nil || out.Delivered || out.Note != "⌛ No answer within 1h — the session stays stopped" {
		t.Errorf("got %+v, %v", out, err)
	}
}

func TestWaiterIgnoresSettledJob(t *testing.T) {
	t.Parallel()
	ch := newFakeChannel()
	w, store := newJob(t, ch, nil)
	transition(context.Background(), store, session, "q1", stateCancelled, "the session ended")
	out, err := w.Run(context.Background(), session, "q1")
	if err != nil || out.Note != "🚫 Closed: the session ended" || ch.outcome([]byte(`{"q":"q1"}`)) != out.Note {
		t.Errorf("cancelled before the start: got %+v, %v, closed %v; want it closed", out, err, ch.closed)
	}
	if out, _ := w.Run(context.Background(), session, "q1"); out.Note != "nothing to wait for" {
		t.Errorf("forgotten job: %+v", out)
	}
	if out, _ := w.Run(context.Background(), "other", "q1"); out.Note != "nothing to wait for" {
		t.Errorf("unknown session: %+v", out)
	}
}

func TestPost(t *testing.T) {
	t.Parallel()
	s := newFakeSocket(t)
	if err := postAnswer(context.Background(), s.Path, "tok", session, "User answered: a \"b\"\nc"); err != nil {
		t.Fatal(err)
	}
	<-s.got
	conns, errs := s.received()
	if len(errs) != 0 || len(conns) != 1 || len(conns[0]) != 2 {
		t.Fatalf("got %+v, %v", conns, errs)
	}
	auth, msg := conns[0][0], conns[0][1]
	if auth.Type != "auth" || auth.Token != "tok" || msg.Type != "user" || msg.Message.Role != "user" ||
		msg.Message.Content != "User answered: a \"b\"\nc" || msg.SessionID != session {
		t.Errorf("got %+v then %+v", auth, msg)
	}
	if err := postAnswer(context.Background(), s.Path+".missing", "", "", "x"); err == nil {
		t.Error("missing socket: want an error")
	}
	if err := postAnswer(context.Background(), s.Path, "", "", "  "); err == nil {
		t.Error("empty text: want an error")
	}
}

func FuzzParseJob(f *testing.F) {
	for _, s := range []string{
		`{"id":"q1","session_id":"s","state":"pending","ticket":{"chat_id":1},"deadline":"2026-01-02T03:04:05Z"}`,
		`{"id":"","state":"pending"}`, `[]`, `{"deadline":"not a time"}`, `{"id":"q","session_id":"s","state":"x","ticket":1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		j, err := parseJob(data)
		if err == nil && (j.ID == "" || j.SessionID == "" || j.State == "") {
			t.Fatalf("accepted %+v", j)
		}
	})
}

func FuzzTelegramTicket(f *testing.F) {
	for _, s := range []string{`{"chat_id":1,"message_id":2,"id":"q","text":"hi"}`, `{}`, `{"chat_id":"x"}`, `null`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tk, err := parseTelegramTicket(data)
		if err == nil && (tk.ChatID == 0 || tk.MessageID == 0 || tk.ID == "") {
			t.Fatalf("accepted %+v", tk)
		}
	})
}

// What a peer writes on the socket is parsed the way the fake reads it.
func FuzzSocketLines(f *testing.F) {
	for _, s := range []string{"{\"type\":\"auth\",\"token\":\"t\"}\n{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}\n", "\n\n", "{", "{\"type\":\"x\"}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines, err := parseSocketLines(data)
		if err != nil {
			return
		}
		for _, l := range lines {
			if l.Type != "auth" && l.Type != "user" {
				t.Fatalf("accepted %+v", l)
			}
		}
	})
}

// A resumed session gets a new socket; the pending question follows it.
func TestSessionStartMovesSocket(t *testing.T) {
	t.Parallel()
	env := map[string]string{envSocket: "/old.sock", envAttended: "1"}
	a, _, _ := newAsker(t, env)
	ctx := context.Background()
	a.Defer(ctx, stopIn("."), escalate.Request{ID: "q1"})
	env[envSocket] = "/new.sock"
	d, err := a.Evaluate(ctx, stophook.Input{SessionID: session, HookEventName: stophook.EventSessionStart, Source: "resume"})
	if err != nil || !strings.Contains(d.Why, "new socket") {
		t.Fatalf("got %q, %v", d.Why, err)
	}
	store := stophook.NewFileStore(a.StateDir)
	if j, _, _ := loadJob(ctx, store, session); j.Socket != "/new.sock" || j.State != statePending {
		t.Fatalf("job %+v, want pending on /new.sock", j)
	}
	var postedTo string
	w := &answerWaiter{Channel: newFakeChannel(), Store: store, PollEvery: 10 * time.Millisecond, Now: func() time.Time { return t0 },
		Post: func(_ context.Context, j jobRecord, _ string) error { postedTo = j.Socket; return nil }}
	w.Channel.(*fakeChannel).answers <- escalate.Answer{Kind: escalate.Continue}
	if out, err := w.Run(ctx, session, "q1"); err != nil || !out.Delivered || postedTo != "/new.sock" {
		t.Errorf("got %+v, %v, posted to %q; want delivery on the new socket", out, err, postedTo)
	}
}
