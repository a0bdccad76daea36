package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook/queue"
)

// queueEnv is a TUI session with `queue hook` registered for Stop,
// SessionStart and UserPromptSubmit, waking a recording command.
type queueEnv struct {
	*Env
	bin    string // the examples/queue binary
	queues string // queues dir
	wakes  string // the wake command appends each payload here, one per line
}

func newQueueEnv(t *testing.T) *queueEnv {
	t.Helper()
	e := New(t)
	q := &queueEnv{Env: e, bin: BuildHook(t, "./examples/queue"),
		queues: filepath.Join(e.Root, "queues"), wakes: filepath.Join(e.Root, "wakes.jsonl")}
	// No --session: the hook finds the tmux session from $TMUX_PANE.
	cmd := CommandLine(q.bin, "hook", "--queues", q.queues, "--wake-cmd", "cat >> "+Quote(q.wakes), "-v")
	for _, ev := range []string{"SessionStart", "UserPromptSubmit", "Stop"} {
		h := e.Record("queue", Command(cmd))
		h.Timeout = 30
		e.Settings.AddHook(ev, h)
	}
	return q
}

// drive runs `queue drive` from outside tmux, as the brain would.
func (q *queueEnv) drive(s *TUI, commands ...string) { q.driveWith(s, nil, commands...) }

func (q *queueEnv) driveWith(s *TUI, flags []string, commands ...string) {
	q.T.Helper()
	socket := strings.TrimSpace(s.Tmux("display-message", "-p", "#{socket_path}"))
	list, _ := json.Marshal(commands)
	args := append([]string{"drive", "--session", "e2e", "--queues", q.queues, "--tmux-socket", socket}, flags...)
	cmd := exec.Command(q.bin, append(args, string(list))...)
	cmd.Dir = q.Dir
	cmd.Env = append(os.Environ(), "HOME="+q.Home, "TMUX=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		q.T.Fatalf("queue drive: %v\n%s", err, out)
	}
}

// Wakes returns the payloads the brain received.
func (q *queueEnv) Wakes() []queue.Payload {
	q.T.Helper()
	f, err := os.Open(q.wakes)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		q.T.Fatal(err)
	}
	defer f.Close()
	var out []queue.Payload
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var p queue.Payload
		if err := json.Unmarshal(sc.Bytes(), &p); err == nil {
			out = append(out, p)
		}
	}
	return out
}

func (q *queueEnv) waitWake(event string, timeout time.Duration) queue.Payload {
	q.T.Helper()
	var got queue.Payload
	ok := poll(timeout, func() bool {
		for _, w := range q.Wakes() {
			if w.Event == event {
				got = w
				return true
			}
		}
		return false
	})
	if !ok {
		q.Dump(nil)
		q.T.Fatalf("waited %v for a %s wake; got %+v\nhook calls: %s", timeout, event, q.Wakes(), q.events())
	}
	return got
}

// events lists the recorded hook calls as Event(detail) and checks that
// every finished call exited 0 without blocking.
func (q *queueEnv) events() string {
	q.T.Helper()
	var got []string
	for _, c := range q.HookCalls("queue") {
		ev := string(c.Input.HookEventName)
		switch {
		case ev == "SessionStart":
			ev += "(" + c.Input.Source + ")"
		case ev == "UserPromptSubmit":
			ev += "(" + c.Input.Prompt + ")"
		}
		got = append(got, ev)
		if c.Done && (c.Exit != 0 || c.Blocked()) {
			q.T.Errorf("hook call %s: exit %d, stdout %q, stderr %q", ev, c.Exit, c.Stdout, c.Stderr)
		}
	}
	return strings.Join(got, " ")
}

func (q *queueEnv) doneCalls(event string) int { return q.DoneCalls("queue", event) }

// Drive /clear and two prompts: /clear advances on SessionStart(clear),
// each prompt on its Stop with the model's reply as result, and the brain
// hears 3/3.
func TestQueueTUIRunsToCompletion(t *testing.T) {
	t.Parallel()
	q := newQueueEnv(t)
	q.API.SetScript(FirstOf(
		OnLastUser("first task", Text("Reply to the first task.")),
		OnLastUser("second task", Text("Reply to the second task.")),
	))
	s := q.StartTUI()
	start := time.Now()
	q.drive(s, "/clear", "first task", "second task")

	w := q.waitWake(queue.WakeComplete, 90*time.Second)
	t.Logf("queue of 3 completed %v after drive", time.Since(start).Round(time.Millisecond))
	if w.Session != "e2e" || w.Summary != "3/3 commands completed" || len(w.Commands) != 3 {
		t.Fatalf("got payload %+v, want 3/3 for session e2e", w)
	}
	want := []string{"", "Reply to the first task.", "Reply to the second task."}
	for i, c := range w.Commands {
		got := ""
		if c.Result != nil {
			got = *c.Result
		}
		if c.Status != queue.Done || got != want[i] || c.CompletedAt == nil {
			t.Errorf("command %d %q: status %s, result %q, completed_at %v; want done with %q",
				c.ID, c.Command, c.Status, got, c.CompletedAt, want[i])
		}
	}
	if w.Commands[0].Result != nil {
		t.Errorf("/clear result: got %q, want null", *w.Commands[0].Result)
	}
	Eventually(t, "the last hook call to finish", 60*time.Second, func() bool { return q.doneCalls("Stop") == 2 })
	events := q.events()
	wantEvents := "SessionStart(startup) SessionStart(clear) UserPromptSubmit(first task) Stop UserPromptSubmit(second task) Stop"
	if events != wantEvents {
		t.Errorf("hook events: got %q, want %q", events, wantEvents)
	}
	if n := len(q.Wakes()); n != 1 {
		t.Errorf("got %d wakes %+v, want only queue-complete", n, q.Wakes())
	}
	if _, err := os.Stat(filepath.Join(q.queues, "queue-e2e.json")); !os.IsNotExist(err) {
		t.Errorf("active queue file still there: %v", err)
	}
	if _, err := os.Stat(filepath.Join(q.queues, "queue-e2e.done.json")); err != nil {
		t.Errorf("done queue file: %v", err)
	}
}

// A prompt typed by a person while a queued command runs cancels the
// queue: it is kept as .stale.json, the brain is told, and the Stop ending
// that turn is not taken for a first wake.
func TestQueueTUIManualInputCancels(t *testing.T) {
	t.Parallel()
	q := newQueueEnv(t)
	release := make(chan struct{})
	q.API.SetScript(FirstOf(
		func(req *Request) (Reply, bool) {
			if !req.IsConversation() || !strings.Contains(req.LastUserText(), "first task") {
				return Reply{}, false
			}
			select { // hold the turn open until the manual prompt is in
			case <-release:
			case <-time.After(60 * time.Second):
			}
			return Text("Reply to the first task."), true
		},
		OnLastUser("what time is it", Text("It is noon.")),
	))
	s := q.StartTUI()
	q.drive(s, "first task", "second task")
	Eventually(t, "the queued prompt to be submitted", 60*time.Second, func() bool {
		return strings.Contains(q.events(), "UserPromptSubmit(first task)") && len(q.API.Conversation()) > 0
	})

	s.Send("what time is it?")
	w := q.waitWake(queue.WakeCancelled, 30*time.Second)
	close(release)
	wantMsg := `Queue cancelled by manual input. Completed: 0/2. Remaining: ["first task","second task"]`
	if w.Message != wantMsg || w.Prompt != "what time is it?" {
		t.Errorf("got cancel wake %q (prompt %q), want %q", w.Message, w.Prompt, wantMsg)
	}
	stale, err := os.ReadFile(filepath.Join(q.queues, "queue-e2e.stale.json"))
	if err != nil {
		t.Fatalf("stale queue: %v", err)
	}
	var sq queue.Queue
	if err := json.Unmarshal(stale, &sq); err != nil || sq.Status != queue.QueueCancelled {
		t.Errorf("stale queue: %v, status %v; want cancelled", err, sq.Status)
	}

	// Measured: the running turn ends (Stop, same prompt_id as the manual
	// prompt's UserPromptSubmit), then the manual prompt runs as its own
	// turn (Stop with a new prompt_id).
	Eventually(t, "the Stops of both turns", 60*time.Second, func() bool { return q.doneCalls("Stop") == 2 })
	if got, want := q.events(), "SessionStart(startup) UserPromptSubmit(first task) UserPromptSubmit(what time is it?) Stop Stop"; got != want {
		t.Errorf("hook events: got %q, want %q", got, want)
	}
	wakes := q.Wakes()
	if len(wakes) != 2 || wakes[0].Event != queue.WakeCancelled || wakes[1].Event != queue.WakeStop ||
		wakes[1].LastAssistantMessage != "It is noon." {
		t.Errorf("got wakes %+v; want the cancel, then only the first wake of the person's own turn", wakes)
	}
}

// A custom slash command of the project (typed as "/gsd:x 3", submitted
// raw in UserPromptSubmit) advances on Stop; a trailing /clear completes the
// queue on SessionStart(clear); an unknown command is refused up front,
// since the TUI would answer it with no hook at all.
func TestQueueTUISlashCommands(t *testing.T) {
	t.Parallel()
	q := newQueueEnv(t)
	cmdFile := filepath.Join(q.Dir, ".claude", "commands", "gsd", "x.md")
	if err := os.MkdirAll(filepath.Dir(cmdFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cmdFile, []byte("Say hi for phase $ARGUMENTS.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	q.API.SetScript(OnLastUser("Say hi for phase 3", Text("Hi, phase 3.")))
	s := q.StartTUI()

	list, _ := json.Marshal([]string{"/gsd:x 3", "/gsd:nope 1"})
	refuse := exec.Command(q.bin, "drive", "--session", "e2e", "--queues", q.queues, string(list))
	refuse.Dir = q.Dir
	refuse.Env = append(os.Environ(), "HOME="+q.Home)
	if out, err := refuse.CombinedOutput(); err == nil || !strings.Contains(string(out), "unknown slash command: /gsd:nope") {
		t.Errorf("drive with an unknown command: %v %s; want a refusal", err, out)
	}

	q.drive(s, "/gsd:x 3", "/clear")
	w := q.waitWake(queue.WakeComplete, 60*time.Second)
	if w.Summary != "2/2 commands completed" || w.Commands[0].Result == nil || *w.Commands[0].Result != "Hi, phase 3." {
		t.Errorf("got payload %+v, want 2/2 with the command's reply", w)
	}
	Eventually(t, "the last hook call to finish", 60*time.Second, func() bool {
		calls := q.HookCalls("queue")
		return len(calls) == 4 && calls[3].Done
	})
	if got, want := q.events(), "SessionStart(startup) UserPromptSubmit(/gsd:x 3) Stop SessionStart(clear)"; got != want {
		t.Errorf("hook events: got %q, want %q", got, want)
	}
}

// With --tab the driver types a command's name, lets the TUI complete it
// with Tab, then presses Enter; the UserPromptSubmit carries the completed
// name and still counts as the driver's own typing.
func TestQueueTUITabCompletion(t *testing.T) {
	t.Parallel()
	q := newQueueEnv(t)
	cmdFile := filepath.Join(q.Dir, ".claude", "commands", "gsd", "plan-phase.md")
	if err := os.MkdirAll(filepath.Dir(cmdFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cmdFile, []byte("Plan the phase.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	q.API.SetScript(OnLastUser("Plan the phase", Text("Planned.")))
	s := q.StartTUI()
	q.driveWith(s, []string{"--tab", "--no-check", "--key-delay", "200ms"}, "/gsd:plan")
	w := q.waitWake(queue.WakeComplete, 60*time.Second)
	if w.Commands[0].Result == nil || *w.Commands[0].Result != "Planned." {
		t.Errorf("got payload %+v, want the completed command's reply", w)
	}
	if got, want := q.events(), "SessionStart(startup) UserPromptSubmit(/gsd:plan-phase) Stop"; got != want {
		t.Errorf("hook events: got %q, want %q", got, want)
	}
}

// Restarting Claude Code with a queue on disk retires it as stale and
// tells the brain.
func TestQueueTUIStaleOnRestart(t *testing.T) {
	t.Parallel()
	q := newQueueEnv(t)
	d := queue.NewDir(q.queues)
	typeNothing := queue.DriverFunc(func(context.Context, string, string) error { return nil })
	p := &queue.Processor{Dir: d, Driver: typeNothing}
	if _, err := p.Drive(context.Background(), "e2e", []string{"/clear", "left over"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	q.StartTUI()
	w := q.waitWake(queue.WakeStale, 30*time.Second)
	if w.Message != "Previous session had unfinished queue" || len(w.Commands) != 2 {
		t.Errorf("got stale wake %+v", w)
	}
	if _, err := d.Load("e2e"); err != queue.ErrNoQueue {
		t.Errorf("active queue after startup: %v, want none", err)
	}
	if _, err := os.Stat(filepath.Join(q.queues, "queue-e2e.stale.json")); err != nil {
		t.Errorf("stale file: %v", err)
	}
}
