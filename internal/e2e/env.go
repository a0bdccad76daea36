package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tidwall/gjson"
)

// APIKey is the fake API key every session uses.
const APIKey = "sk-ant-e2e-0123456789"

// Env is one isolated Claude Code set-up: a fake API, a temp HOME, a
// project directory and a settings file. Create it with [New].
type Env struct {
	T      testing.TB
	Claude string // the claude binary
	API    *API

	Root     string // temp dir holding everything below
	Home     string // HOME for Claude Code and the hooks
	Dir      string // project directory (cwd of claude)
	StateDir string // STOPHOOK_STATE_DIR for our hooks
	HookLog  string // directory of the logs written by [Env.Record]

	// Settings is written to SettingsPath before every run.
	Settings Settings
	// Vars are extra KEY=VALUE pairs for Claude Code (and so its hooks).
	Vars []string
	// Timeout bounds one claude run; default 90s.
	Timeout time.Duration

	records map[string]string // log name of each hook wrapped by [Env.Record], by hookKey
}

// New lays out a fresh environment and starts a fake API for t. It skips
// (or fails, under STOPHOOK_E2E=1) when no claude binary is found.
func New(t testing.TB) *Env {
	t.Helper()
	claude := RequireClaude(t)
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatalf("e2e: %v", err)
	}
	e := &Env{
		T:        t,
		Claude:   claude,
		API:      NewAPI(t),
		Root:     root,
		Home:     filepath.Join(root, "home"),
		Dir:      filepath.Join(root, "home", "project"),
		StateDir: filepath.Join(root, "state"),
		HookLog:  filepath.Join(root, "hooklog"),
		Timeout:  90 * time.Second,
	}
	for _, d := range []string{e.Dir, e.StateDir, e.HookLog, filepath.Join(e.Home, ".claude")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatalf("e2e: %v", err)
		}
	}
	// Pre-seed the first-run answers the TUI would otherwise ask for.
	e.WriteJSON(filepath.Join(e.Home, ".claude.json"), map[string]any{
		"hasCompletedOnboarding": true,
		"customApiKeyResponses":  map[string]any{"approved": []string{APIKey, APIKey[len(APIKey)-20:]}},
		"projects":               map[string]any{e.Dir: map[string]any{"hasTrustDialogAccepted": true}},
	})
	return e
}

// SettingsPath is the file passed to --settings.
func (e *Env) SettingsPath() string { return filepath.Join(e.Root, "settings.json") }

// Environ returns the environment Claude Code runs with: this process's
// PATH and locale, the fake API, a temp HOME, no telemetry, plus e.Vars.
func (e *Env) Environ() []string {
	env := []string{
		"HOME=" + e.Home,
		"PATH=" + os.Getenv("PATH"),
		"LANG=C.UTF-8",
		"TERM=xterm-256color",
		"ANTHROPIC_BASE_URL=" + e.API.URL(),
		"ANTHROPIC_API_KEY=" + APIKey,
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"DISABLE_TELEMETRY=1",
		"DISABLE_AUTOUPDATER=1",
		"STOPHOOK_STATE_DIR=" + e.StateDir,
		"TMPDIR=" + os.TempDir(),
	}
	return append(env, e.Vars...)
}

// Setenv adds KEY=VALUE to e.Vars.
func (e *Env) Setenv(key, value string) { e.Vars = append(e.Vars, key+"="+value) }

// WriteJSON marshals v to path, failing the test on error.
func (e *Env) WriteJSON(path string, v any) {
	e.T.Helper()
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		e.T.Fatalf("e2e: %v", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		e.T.Fatalf("e2e: %v", err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		e.T.Fatalf("e2e: %v", err)
	}
}

// writeSettings writes e.Settings to SettingsPath.
func (e *Env) writeSettings() string {
	e.T.Helper()
	p := e.SettingsPath()
	e.WriteJSON(p, e.Settings)
	return p
}

// ProjectKey is the directory name Claude Code uses under
// ~/.claude/projects for a project directory: every character that is not
// a letter or digit becomes '-'.
func ProjectKey(dir string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '-'
	}, dir)
}

// TranscriptPath returns where Claude Code writes the transcript of session id.
func (e *Env) TranscriptPath(id string) string {
	return filepath.Join(e.Home, ".claude", "projects", ProjectKey(e.Dir), id+".jsonl")
}

// TranscriptRecords returns the JSON records of the transcript of session
// id, one per line, failing the test when the file cannot be read.
// Lines that are not valid JSON are skipped.
func (e *Env) TranscriptRecords(id string) []gjson.Result {
	e.T.Helper()
	data, err := os.ReadFile(e.TranscriptPath(id))
	if err != nil {
		e.T.Fatalf("e2e: transcript: %v", err)
	}
	var out []gjson.Result
	for _, line := range strings.Split(string(data), "\n") {
		if gjson.Valid(line) && strings.TrimSpace(line) != "" {
			out = append(out, gjson.Parse(line))
		}
	}
	return out
}
