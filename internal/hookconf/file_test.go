package hookconf

import (
	"os"
	"path/filepath"
	"testing"
)

func TestPlanAndWrite(t *testing.T) {
	t.Parallel()
	p := Places{Home: t.TempDir(), Dir: t.TempDir()}
	c := change("claude", false, "Stop")
	path := filepath.Join(p.Dir, ".claude", "settings.local.json")
	edits, err := Plan(c, Local, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(edits) != 1 || edits[0].Path != path || !edits[0].Changed() || edits[0].Existed {
		t.Fatalf("Plan: got %+v", edits)
	}
	if err := edits[0].Write(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + ".bak"); !os.IsNotExist(err) {
		t.Fatalf("backup of a new file: got %v, want none", err)
	}
	edits, _ = Plan(change("claude", true, "Stop"), Local, p)
	if err := edits[0].Write(); err != nil {
		t.Fatal(err)
	}
	bak, err := os.ReadFile(path + ".bak")
	if err != nil || string(bak) != string(edits[0].Before) {
		t.Fatalf("backup: got %q, %v; want the previous content", bak, err)
	}
	now, _ := os.ReadFile(path)
	if string(now) != "{}\n" {
		t.Fatalf("after removal: got %q", now)
	}
	if _, err := Plan(c, Scope("global"), p); err == nil {
		t.Fatal("unknown scope: got nil error")
	}
	if _, err := Plan(change("gemini", false), Local, p); err == nil {
		t.Fatal("gemini local scope: got nil error")
	}
}

func TestPlanCodexWritesTrust(t *testing.T) {
	t.Parallel()
	p := Places{Home: t.TempDir(), Dir: t.TempDir()}
	p.CodexHome = filepath.Join(p.Home, "codex-home")
	edits, err := Plan(change("codex", false, "Stop"), User, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(edits) != 2 || edits[0].Path != filepath.Join(p.CodexHome, "hooks.json") || edits[1].Path != filepath.Join(p.CodexHome, "config.toml") {
		t.Fatalf("Plan: got %+v", edits)
	}
	want := "[hooks.state.\"" + edits[0].Path + ":stop:0:0\"]\ntrusted_hash = \"" + CodexHash(testHook, "Stop") + "\"\n"
	if string(edits[1].After) != want {
		t.Fatalf("config.toml: got\n%s\nwant\n%s", edits[1].After, want)
	}
}
