package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The interactive TUI in tmux: event order for a prompt, and /clear
// starting a new session id.
func TestTUIEventOrder(t *testing.T) {
	t.Parallel()
	e := New(t)
	for _, ev := range []string{"SessionStart", "UserPromptSubmit", "Stop", "SessionEnd"} {
		e.Settings.AddHook(ev, e.Record("events", Command("cat >/dev/null")))
	}
	// Hooks can reach the pane they run in (the queue work types into it).
	e.Settings.AddHook("Stop", Command(`printf %s "$TMUX_PANE" > "$STOPHOOK_STATE_DIR/pane"`))
	e.API.Enqueue(Text("Hello from the TUI."))
	s := e.StartTUI()

	s.Send("say hello")
	stops := func() int {
		n := 0
		for _, c := range e.HookCalls("events") {
			if c.Input.HookEventName == "Stop" && c.Done {
				n++
			}
		}
		return n
	}
	Eventually(t, "the Stop hook", 60*time.Second, func() bool { return stops() == 1 })
	s.WaitScreen("the reply on screen", 60*time.Second, func(screen string) bool {
		return strings.Contains(screen, "Hello from the TUI.")
	})
	s.WaitPrompt(60 * time.Second)

	s.Send("/clear")
	Eventually(t, "SessionStart(clear)", 60*time.Second, func() bool {
		calls := e.HookCalls("events")
		return len(calls) > 0 && calls[len(calls)-1].Input.Source == "clear" && calls[len(calls)-1].Done
	})

	var got []string
	calls := e.HookCalls("events")
	for _, c := range calls {
		ev := string(c.Input.HookEventName)
		switch {
		case c.Input.Source != "" && ev == "SessionStart":
			ev += "(" + c.Input.Source + ")"
		case c.Input.Reason != "":
			ev += "(" + c.Input.Reason + ")"
		case c.Input.Prompt != "":
			ev += "(" + c.Input.Prompt + ")"
		}
		got = append(got, ev)
	}
	want := "SessionStart(startup) UserPromptSubmit(say hello) Stop SessionEnd(clear) SessionStart(clear)"
	if strings.Join(got, " ") != want {
		e.Dump(nil)
		t.Fatalf("events: got %q, want %q", strings.Join(got, " "), want)
	}
	first, last := calls[0].Input.SessionID, calls[len(calls)-1].Input.SessionID
	if first == "" || first == last || calls[3].Input.SessionID != first {
		t.Errorf("session ids: startup %q, SessionEnd %q, after /clear %q; want the old id until SessionEnd, then a new one",
			first, calls[3].Input.SessionID, last)
	}
	if pane, err := os.ReadFile(filepath.Join(e.StateDir, "pane")); err != nil || string(pane) != s.Pane {
		t.Errorf("TMUX_PANE in the Stop hook: got %q, %v; want %q", pane, err, s.Pane)
	}
	if calls[2].Input.LastAssistantMessage != "Hello from the TUI." {
		t.Errorf("Stop last_assistant_message: got %q", calls[2].Input.LastAssistantMessage)
	}
}
