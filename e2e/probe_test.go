package e2e

import (
	"os"
	"strings"
	"testing"
	"time"
)

func TestProbe(t *testing.T) {
	if os.Getenv("PROBE") == "" {
		t.Skip()
	}
	e := New(t)
	e.Settings.AddHook("Stop", e.Record("stop", Command("cat >/dev/null")))
	e.Settings.AddHook("SessionStart", e.Record("start", Command("cat >/dev/null")))
	e.Settings.AddHook("UserPromptSubmit", e.Record("ups", Command("cat >/dev/null")))
	start := time.Now()
	s := e.StartTUI()
	t.Logf("ready after %v:\n%s", time.Since(start), s.Screen())
	s.Send("say hi")
	Eventually(t, "stop hook", 30*time.Second, func() bool { c := e.HookCalls("stop"); return len(c) > 0 && c[0].Done })
	scr := s.WaitPrompt(10 * time.Second)
	t.Logf("after stop %v:\n%s", time.Since(start), scr)
	for _, req := range e.API.Requests() {
		t.Logf("%s", req)
		if req.IsMessages() {
			os.WriteFile("/tmp/e2e-probe-tui-"+string(rune('a'+req.Seq))+".json", req.Body, 0o644)
		}
	}
	_ = strings.Contains
	e.Dump(nil)
}
