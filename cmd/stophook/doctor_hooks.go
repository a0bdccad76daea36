package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/stophook/stophook/internal/hookconf"
	"github.com/stophook/stophook/internal/safefile"
	"github.com/stophook/stophook/internal/textcut"
)

// maxSettingsBytes bounds a settings file doctor reads: real ones hold a
// few KiB; a repository may plant a huge file or /dev/zero.
const maxSettingsBytes = 4 << 20

// settingsFile is one settings file doctor reads.
type settingsFile struct {
	host  *hookconf.Host
	scope hookconf.Scope
	path  string
}

// label names the file's scope in report lines: "user", "project" and
// "local" for Claude Code, "HOST SCOPE" for the other agents.
func (f settingsFile) label() string {
	if f.host.Name == "claude" {
		return string(f.scope)
	}
	return f.host.Name + " " + string(f.scope)
}

// managed is the scope of Claude Code's managed (enterprise) settings,
// which an administrator puts in place; doctor lists their hooks and runs
// none.
const managed hookconf.Scope = "managed"

// managedSettings returns where Claude Code reads managed settings on this
// system, "" where doctor does not know.
func managedSettings() string {
	switch runtime.GOOS {
	case "linux":
		return "/etc/claude-code/managed-settings.json"
	case "darwin":
		return "/Library/Application Support/ClaudeCode/managed-settings.json"
	case "windows":
		return `C:\Program Files\ClaudeCode\managed-settings.json`
	}
	return ""
}

// claudeConfigDir is Claude Code's user directory: $CLAUDE_CONFIG_DIR,
// else ~/.claude.
func claudeConfigDir(getenv func(string) string, home string) string {
	if d := getenv("CLAUDE_CONFIG_DIR"); d != "" {
		return d
	}
	return filepath.Join(home, ".claude")
}

// settingsFiles lists every scope's settings file of every host, Claude
// Code's first; the user scope of Claude Code is in its config dir.
func settingsFiles(places hookconf.Places, config string) []settingsFile {
	var out []settingsFile
	seen := map[string]bool{}
	add := func(f settingsFile) {
		if !seen[f.path] {
			seen[f.path] = true
			out = append(out, f)
		}
	}
	claude := hookconf.Hosts["claude"]
	if p := managedSettings(); p != "" {
		add(settingsFile{claude, managed, p})
	}
	add(settingsFile{claude, hookconf.User, filepath.Join(config, "settings.json")})
	for _, sc := range []hookconf.Scope{hookconf.Project, hookconf.Local} {
		if p, err := claude.Path(sc, places); err == nil {
			add(settingsFile{claude, sc, p})
		}
	}
	for _, name := range hookconf.HostNames() {
		h := hookconf.Hosts[name]
		if name == "claude" {
			continue
		}
		for _, sc := range []hookconf.Scope{hookconf.User, hookconf.Project} {
			if p, err := h.Path(sc, places); err == nil {
				add(settingsFile{h, sc, p})
			}
		}
	}
	return out
}

// readSettings reads a settings file bounded, following symlinks (a
// dotfiles manager links the user's on purpose) but only to a regular
// file, never blocking on a FIFO. A missing file returns nil, nil.
func readSettings(path string) ([]byte, error) {
	b, err := safefile.ReadFileFollow(path, maxSettingsBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return b, err
}

// checkSettings lists the hooks of one settings file and checks that each
// command exists, without running any. It returns the hooks and the
// plugins the file enables.
func checkSettings(r *report, f settingsFile, places hookconf.Places, getenv func(string) string) (hooks []hookconf.Hook, plugins []string) {
	doc, err := readSettings(f.path)
	if err != nil {
		r.fail("%s settings %s: %v", f.label(), f.path, err)
		return nil, nil
	}
	if doc == nil {
		return nil, nil
	}
	found, err := hookconf.Entries(doc, f.host)
	if err != nil {
		r.fail("%s settings %s: %v", f.label(), f.path, err)
		return nil, nil
	}
	for _, e := range found {
		line := fmt.Sprintf("%s hook %s: %s", f.label(), e.Event, describe(e.Command, e.Args))
		prog, shell := hookProgram(e.Command, e.Args, places.Dir)
		where, err := findProgram(prog, places.Dir, getenv)
		switch {
		case err == nil && where != e.Command:
			r.ok("%s (%s)", line, where)
		case err == nil:
			r.ok("%s", line)
		case shell:
			r.warnf("%s: %s: %v (fine if it is a shell builtin or function)", line, prog, err)
		default:
			r.fail("%s: %s: %v", line, prog, err)
		}
		hooks = append(hooks, hookconf.Hook{Command: e.Command, Args: e.Args})
	}
	if f.host.Name == "claude" {
		plugins = enabledPlugins(doc)
	}
	return hooks, plugins
}

func describe(cmd string, args []string) string {
	if len(args) == 0 {
		return cmd
	}
	return hookconf.Hook{Command: cmd, Args: args}.Shell()
}

// hookProgram returns the program a hook runs, with Claude Code's
// ${CLAUDE_PROJECT_DIR} replaced by dir, and whether the hook is a shell
// command line (then the program is its first word, after variable
// assignments). It reads the command; it runs nothing.
func hookProgram(cmd string, args []string, dir string) (prog string, shell bool) {
	expand := func(s string) string {
		for _, v := range []string{"${CLAUDE_PROJECT_DIR}", "$CLAUDE_PROJECT_DIR"} {
			s = strings.ReplaceAll(s, v, dir)
		}
		return s
	}
	if len(args) > 0 || !strings.ContainsAny(strings.TrimSpace(cmd), " \t;|&<>()`$\"'\n") {
		return expand(cmd), false
	}
	for _, w := range strings.FieldsFunc(expand(cmd), func(c rune) bool { return strings.ContainsRune(" \t\n;|&<>()`", c) }) {
		w = strings.NewReplacer(`"`, "", `'`, "").Replace(w)
		if i := strings.IndexByte(w, '='); i > 0 && !strings.ContainsAny(w[:i], "/.") {
			continue // VAR=value before the command
		}
		return w, true
	}
	return "", true
}

// findProgram returns where prog is: a path (relative to dir) is checked
// to be an executable regular file; a bare name is looked up on PATH.
// Only metadata is read.
func findProgram(prog, dir string, getenv func(string) string) (string, error) {
	if prog == "" {
		return "", errors.New("no command")
	}
	if !strings.ContainsAny(prog, `/\`) {
		p, err := lookPath(prog, getenv)
		if err != nil {
			return "", errors.New("not found on PATH")
		}
		return p, nil
	}
	if !filepath.IsAbs(prog) {
		prog = filepath.Join(dir, prog)
	}
	st, err := os.Stat(prog)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", errors.New("does not exist")
	case err != nil:
		return "", err
	case !st.Mode().IsRegular():
		return "", errors.New("not a regular file")
	case !isExec(st):
		return "", errors.New("not executable")
	}
	return prog, nil
}

// enabledPlugins returns the names of the plugins enabled in a settings
// file ("name@marketplace": true).
func enabledPlugins(doc []byte) []string {
	var s struct {
		EnabledPlugins map[string]json.RawMessage `json:"enabledPlugins"`
	}
	json.Unmarshal(doc, &s)
	var out []string
	for name, v := range s.EnabledPlugins {
		if string(v) == "true" {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// checkHook runs one of the user's own hooks on a sample Stop and on
// garbage, in a scratch project with its own state dir. Only -run calls
// it, and only for the user scope: project and local hooks come with a
// repository and are never run.
func checkHook(r *report, cmd string, args []string, timeout time.Duration) {
	name := describe(cmd, args)
	argv := append([]string{cmd}, args...)
	if len(args) == 0 && strings.ContainsAny(cmd, " \t'\"") {
		if runtime.GOOS == "windows" {
			argv = []string{"cmd", "/c", cmd}
		} else {
			argv = []string{"/bin/sh", "-c", cmd}
		}
	} else if _, err := exec.LookPath(cmd); err != nil {
		r.fail("%s: command not found: %v", name, err)
		return
	}
	scratch, err := os.MkdirTemp("", "stophook-doctor-")
	if err != nil {
		r.fail("%s: %v", name, err)
		return
	}
	defer os.RemoveAll(scratch)
	sample, _ := json.Marshal(map[string]any{
		"session_id": "stophook-doctor", "transcript_path": filepath.Join(scratch, "none.jsonl"), "cwd": scratch,
		"hook_event_name": "Stop", "stop_hook_active": false, "last_assistant_message": "All done: the tests pass.",
	})
	code, stdout, stderr, err := runHook(argv, scratch, sample, timeout)
	switch {
	case err != nil:
		r.fail("%s: sample Stop: %v", name, err)
	case code != 0:
		r.fail("%s: sample Stop: exit %d: %s", name, code, firstLine(stderr))
	case len(bytes.TrimSpace(stdout)) > 0 && !json.Valid(bytes.TrimSpace(stdout)):
		r.fail("%s: sample Stop: stdout is not JSON: %s", name, firstLine(stdout))
	default:
		r.ok("%s answers a sample Stop (exit 0, %s)", name, outputKind(stdout))
	}
	code, _, stderr, err = runHook(argv, scratch, []byte("not json \x00\xff"), timeout)
	switch {
	case err != nil:
		r.fail("%s: garbage input: %v", name, err)
	case code != 0:
		r.fail("%s: garbage input: exit %d, want 0 (fail open): %s", name, code, firstLine(stderr))
	default:
		r.ok("%s fails open on garbage input (exit 0)", name)
	}
}

// doctorEnv is the environment of a hook doctor runs in the scratch
// project dir: environ with its state in dir/state, not in the store
// STOPHOOK_STORE names, and without the user's decision log
// (STOPHOOK_LOG), which would read doctor's sample and garbage runs as the
// user's own sessions.
func doctorEnv(environ []string, dir string) []string {
	var env []string
	for _, kv := range environ {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case stateDirEnv, logEnv, "STOPHOOK_STORE":
		default:
			env = append(env, kv)
		}
	}
	return append(env, stateDirEnv+"="+filepath.Join(dir, "state"))
}

// limitedBuffer keeps the first max bytes written to it and drops the
// rest: a hook's output is read bounded.
type limitedBuffer struct {
	bytes.Buffer
	max int
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.Len(); room > 0 {
		b.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func runHook(argv []string, dir string, stdin []byte, timeout time.Duration) (int, []byte, []byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	c := exec.CommandContext(ctx, argv[0], argv[1:]...)
	c.Dir = dir
	c.Env = doctorEnv(os.Environ(), dir)
	c.Stdin = bytes.NewReader(stdin)
	stdout, stderr := &limitedBuffer{max: 1 << 20}, &limitedBuffer{max: 64 << 10}
	c.Stdout, c.Stderr = stdout, stderr
	c.WaitDelay = time.Second
	err := c.Run()
	if ctx.Err() != nil {
		return 0, nil, nil, fmt.Errorf("no answer within %v", timeout)
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), stdout.Bytes(), stderr.Bytes(), nil
	}
	return 0, stdout.Bytes(), stderr.Bytes(), err
}

func outputKind(stdout []byte) string {
	out := bytes.TrimSpace(stdout)
	if len(out) == 0 || string(out) == "{}" {
		return "allows the stop"
	}
	return "JSON " + firstLine(out)
}

func firstLine(b []byte) string {
	line, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	if len(line) > 200 {
		line = textcut.Bytes(line, 200) + "…"
	}
	return line
}
