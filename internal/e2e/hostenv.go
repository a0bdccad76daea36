package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// Hook formats of Copilot CLI: its own (camelCase events such as
// agentStop, "bash" commands) and Claude Code's, both read from
// ~/.copilot/hooks/*.json.
const (
	CopilotNative = "native"
	CopilotClaude = "claude"
)

// Models the clients are pinned to against the fake API.
const (
	GeminiModel = "gemini-2.5-flash"
	FakeModel   = "fake-model"
	FakeKey     = "sk-fake-e2e-0123456789"
)

// HostEnv is one isolated run set-up of an agent other than Claude Code:
// a [ModelAPI], a temp HOME holding the client's config, a project
// directory, and the hooks to register. It embeds an [Env] for the layout
// (Root, Home, Dir, StateDir, HookLog) and for [Env.Record],
// [Env.HookCalls] and [Env.WriteJSON]; the embedded Env's Claude API is
// unused. Create it with [NewHost].
type HostEnv struct {
	*Env
	Client Client
	Bin    string    // the client's executable
	Model  *ModelAPI // the fake model API the client talks to
	// CopilotFormat selects the hook file format for Copilot:
	// [CopilotNative] (default) or [CopilotClaude].
	CopilotFormat string
	// Args are extra command-line arguments for every run.
	Args []string

	hooks map[string][]string // event → shell commands, in order
}

// NewHost lays out a fresh environment for client c and starts its fake
// model API. It skips (or fails, under STOPHOOK_E2E=1) when the client is
// not installed.
func NewHost(t testing.TB, c Client) *HostEnv {
	t.Helper()
	bin := c.Require(t)
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatalf("e2e: %v", err)
	}
	e := &HostEnv{
		Env: &Env{
			T:        t,
			API:      NewAPI(t),
			Root:     root,
			Home:     filepath.Join(root, "home"),
			Dir:      filepath.Join(root, "home", "project"),
			StateDir: filepath.Join(root, "state"),
			HookLog:  filepath.Join(root, "hooklog"),
			Timeout:  RunTimeout,
		},
		Client:        c,
		Bin:           bin,
		Model:         NewModelAPI(t),
		CopilotFormat: CopilotNative,
		hooks:         map[string][]string{},
	}
	for _, d := range []string{e.Dir, e.StateDir, e.HookLog} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatalf("e2e: %v", err)
		}
	}
	return e
}

// TurnEnd returns the name of the client's turn-end event: Stop, or
// AfterAgent for Gemini CLI, or agentStop for Copilot's native format.
func (e *HostEnv) TurnEnd() string {
	switch {
	case e.Client.Name == Gemini.Name:
		return "AfterAgent"
	case e.Client.Name == Copilot.Name && e.CopilotFormat != CopilotClaude:
		return "agentStop"
	}
	return "Stop"
}

// Lifecycle returns the client's names for the session start, prompt
// submission and session end events, "" where the client has none.
func (e *HostEnv) Lifecycle() (start, prompt, end string) {
	switch {
	case e.Client.Name == Gemini.Name:
		return "SessionStart", "BeforeAgent", "SessionEnd"
	case e.Client.Name == Copilot.Name && e.CopilotFormat != CopilotClaude:
		return "sessionStart", "userPromptSubmitted", "sessionEnd"
	case e.Client.Name == Codex.Name:
		return "SessionStart", "UserPromptSubmit", ""
	}
	return "SessionStart", "UserPromptSubmit", "SessionEnd"
}

// AddHook registers the shell command cmd for event (in the client's own
// naming, see [HostEnv.TurnEnd]).
func (e *HostEnv) AddHook(event, cmd string) { e.hooks[event] = append(e.hooks[event], cmd) }

// AddRecorded registers cmd for event wrapped by [Env.Record] under name.
func (e *HostEnv) AddRecorded(name, event, cmd string) {
	e.AddHook(event, e.Record(name, Command(cmd)).Command)
}

// RunTimeout bounds one client run unless HostEnv.Timeout says otherwise.
// A run takes 1 to 15 s on an idle machine; the margin is for loaded ones.
var RunTimeout = 100 * time.Second

// hookTimeout is the timeout written for every hook, in seconds.
const hookTimeout = 30

// writeConfig writes the client's config files into e.Home.
func (e *HostEnv) writeConfig() {
	e.T.Helper()
	events := make([]string, 0, len(e.hooks))
	for ev := range e.hooks {
		events = append(events, ev)
	}
	sort.Strings(events)
	// claudeHooks is the Claude Code shape most clients read; unit scales
	// the timeout (Gemini reads milliseconds).
	claudeHooks := func(unit int) map[string]any {
		h := map[string]any{}
		for _, ev := range events {
			var list []any
			for _, cmd := range e.hooks[ev] {
				list = append(list, map[string]any{"type": "command", "command": cmd, "timeout": hookTimeout * unit})
			}
			h[ev] = []any{map[string]any{"hooks": list}}
		}
		return h
	}
	quiet := map[string]any{
		"general":   map[string]any{"disableAutoUpdate": true},
		"privacy":   map[string]any{"usageStatisticsEnabled": false},
		"telemetry": map[string]any{"enabled": false},
	}
	switch e.Client.Name {
	case Codex.Name:
		dir := filepath.Join(e.Home, ".codex")
		toml := fmt.Sprintf(`model = %q
model_provider = "fake"
approval_policy = "never"
sandbox_mode = "read-only"

[model_providers.fake]
name = "fake"
base_url = %q
wire_api = "responses"
env_key = "FAKE_API_KEY"
`, FakeModel, e.Model.URL()+"/v1")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			e.T.Fatalf("e2e: %v", err)
		}
		if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(toml), 0o644); err != nil {
			e.T.Fatalf("e2e: %v", err)
		}
		e.WriteJSON(filepath.Join(dir, "hooks.json"), map[string]any{"hooks": claudeHooks(1)})
	case Gemini.Name:
		s := quiet
		s["security"] = map[string]any{"auth": map[string]any{"selectedType": "gemini-api-key"}}
		s["hooks"] = claudeHooks(1000)
		e.WriteJSON(filepath.Join(e.Home, ".gemini", "settings.json"), s)
	case Qwen.Name:
		s := quiet
		s["security"] = map[string]any{"auth": map[string]any{"selectedType": "openai"}}
		s["memory"] = map[string]any{"enableManagedAutoMemory": false}
		s["hooks"] = claudeHooks(1)
		e.WriteJSON(filepath.Join(e.Home, ".qwen", "settings.json"), s)
	case Copilot.Name:
		var doc map[string]any
		if e.CopilotFormat == CopilotClaude {
			doc = map[string]any{"hooks": claudeHooks(1)}
		} else {
			h := map[string]any{}
			for _, ev := range events {
				var list []any
				for _, cmd := range e.hooks[ev] {
					list = append(list, map[string]any{"type": "command", "bash": cmd, "timeoutSec": hookTimeout})
				}
				h[ev] = list
			}
			doc = map[string]any{"version": 1, "hooks": h}
		}
		e.WriteJSON(filepath.Join(e.Home, ".copilot", "hooks", "stophook-e2e.json"), doc)
	case Droid.Name:
		e.WriteJSON(filepath.Join(e.Home, ".factory", "settings.json"), map[string]any{
			"customModels": []any{map[string]any{
				"model": FakeModel, "displayName": "Fake", "baseUrl": e.Model.URL() + "/v1",
				"apiKey": FakeKey, "provider": "generic-chat-completion-api", "maxOutputTokens": 1024,
			}},
			"hooks": claudeHooks(1),
		})
	default:
		e.T.Fatalf("e2e: unknown client %q", e.Client.Name)
	}
}

// Environ returns the environment the client runs with (and so its
// hooks): PATH (Node.js 22 first for the clients that need it), locale, a
// temp HOME, STOPHOOK_STATE_DIR, the client's fake-API variables, plus
// e.Vars.
func (e *HostEnv) Environ() []string {
	path := os.Getenv("PATH")
	if e.Client.Node22 {
		if d := NodeBinDir(); d != "" {
			path = d + string(os.PathListSeparator) + path
		}
	}
	env := []string{
		"HOME=" + e.Home,
		"PATH=" + path,
		"LANG=C.UTF-8",
		"TERM=dumb",
		"NO_COLOR=1",
		"CI=1",
		"STOPHOOK_STATE_DIR=" + e.StateDir,
		"TMPDIR=" + os.TempDir(),
		// Node.js clients start faster with their compiled bundles cached.
		"NODE_COMPILE_CACHE=" + filepath.Join(CacheDir(), "node-compile-cache"),
	}
	url := e.Model.URL()
	switch e.Client.Name {
	case Codex.Name:
		env = append(env, "CODEX_HOME="+filepath.Join(e.Home, ".codex"), "FAKE_API_KEY="+FakeKey)
	case Gemini.Name:
		env = append(env, "GEMINI_API_KEY="+FakeKey, "GOOGLE_GEMINI_BASE_URL="+url,
			"GEMINI_CLI_TRUST_WORKSPACE=true", "GEMINI_CLI_NO_RELAUNCH=true")
	case Qwen.Name:
		env = append(env, "OPENAI_API_KEY="+FakeKey, "OPENAI_BASE_URL="+url+"/v1", "OPENAI_MODEL="+FakeModel,
			"QWEN_CODE_NO_RELAUNCH=true")
	case Copilot.Name:
		env = append(env, "COPILOT_OFFLINE=true", "COPILOT_PROVIDER_BASE_URL="+url+"/v1",
			"COPILOT_PROVIDER_API_KEY="+FakeKey, "COPILOT_MODEL=gpt-4.1",
			// The native binary unpacks its JS package (about 235 MB)
			// into $XDG_CACHE_HOME/copilot on first start: share one.
			"XDG_CACHE_HOME="+CopilotCache())
	case Droid.Name:
		env = append(env, "FACTORY_AIRGAP_ENABLED=1")
	}
	return append(env, e.Vars...)
}

// argv returns the command line of one non-interactive run of prompt.
func (e *HostEnv) argv(prompt string) []string {
	var a []string
	switch e.Client.Name {
	case Codex.Name:
		a = []string{"exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust"}
	case Gemini.Name:
		a = []string{"-m", GeminiModel}
	case Qwen.Name:
		a = nil
	case Copilot.Name:
		a = []string{"--allow-all-tools"}
	case Droid.Name:
		a = []string{"exec", "-m", "custom:" + FakeModel}
	}
	a = append(a, e.Args...)
	switch e.Client.Name {
	case Codex.Name, Droid.Name:
		return append(a, prompt)
	}
	return append(a, "-p", prompt)
}

// HostResult is the outcome of one client run.
type HostResult struct {
	Args     []string
	Stdout   string
	Stderr   string
	Exit     int // -1 when killed on timeout
	TimedOut bool
	Elapsed  time.Duration
}

// Run writes the client's config and runs it once, non-interactively, on
// prompt in e.Dir with stdin empty, waiting at most e.Timeout.
func (e *HostEnv) Run(prompt string) *HostResult {
	e.T.Helper()
	e.writeConfig()
	argv := e.argv(prompt)
	timeout := e.Timeout
	if timeout <= 0 {
		timeout = RunTimeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, e.Bin, argv...)
	cmd.Dir = e.Dir
	cmd.Env = e.Environ()
	cmd.Stdin = strings.NewReader("")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 5 * time.Second
	if e.Client.Name == Copilot.Name {
		warmCopilot(e.T, e.Bin)
	}
	start := time.Now()
	err := cmd.Run()
	r := &HostResult{Args: argv, Stdout: stdout.String(), Stderr: stderr.String(), Elapsed: time.Since(start)}
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		r.TimedOut, r.Exit = true, -1
	case errors.As(err, &ee):
		r.Exit = ee.ExitCode()
	case err != nil:
		e.T.Fatalf("e2e: run %s: %v", e.Client.Name, err)
	}
	e.T.Logf("e2e: %s ran in %v (exit %d)", e.Client.Name, r.Elapsed.Round(time.Millisecond), r.Exit)
	return r
}

// RunOK is [HostEnv.Run] that fails the test unless the client exits 0 in
// time; on failure it logs what [HostEnv.Dump] shows.
func (e *HostEnv) RunOK(prompt string) *HostResult {
	e.T.Helper()
	r := e.Run(prompt)
	if r.TimedOut || r.Exit != 0 {
		e.Dump(r)
		e.T.Fatalf("e2e: %s: exit %d, timed out %v after %v", e.Client.Name, r.Exit, r.TimedOut, r.Elapsed.Round(time.Millisecond))
	}
	return r
}

// Dump logs the client's output, every request the fake model API
// received and every hook log.
func (e *HostEnv) Dump(r *HostResult) {
	e.T.Helper()
	if r != nil {
		e.T.Logf("%s stdout:\n%s\nstderr:\n%s", e.Client.Name, truncate(r.Stdout, 2000), truncate(r.Stderr, 4000))
	}
	for _, req := range e.Model.Requests() {
		e.T.Logf("api %s", req)
	}
	entries, _ := os.ReadDir(e.HookLog)
	for _, ent := range entries {
		data, _ := os.ReadFile(filepath.Join(e.HookLog, ent.Name()))
		e.T.Logf("hook log %s:\n%s", ent.Name(), truncate(string(data), 4000))
	}
}

// Scrub is [Env.Scrub] that also replaces the fake model API's URL.
func (e *HostEnv) Scrub(data []byte) []byte {
	return bytes.ReplaceAll(e.Env.Scrub(data), []byte(e.Model.URL()), []byte(ScrubbedAPI))
}

// CopilotCache is the XDG_CACHE_HOME the suite gives Copilot CLI, shared by
// all runs: [CacheDir]/copilot-<version>-xdg.
func CopilotCache() string {
	return filepath.Join(CacheDir(), Copilot.Name+"-"+Copilot.Version+"-xdg")
}

var copilotWarm sync.Once

// warmCopilot runs `copilot --version` once per test process, so that the
// package is unpacked into [CopilotCache] before parallel runs need it.
func warmCopilot(t testing.TB, bin string) {
	copilotWarm.Do(func() {
		start := time.Now()
		cmd := exec.Command(bin, "--version")
		cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH"), "XDG_CACHE_HOME=" + CopilotCache(),
			"COPILOT_OFFLINE=true"}
		out, err := cmd.CombinedOutput()
		t.Logf("e2e: copilot --version in %v: %v %s", time.Since(start).Round(time.Millisecond), err, bytes.TrimSpace(out))
	})
}
