package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stophook/stophook"
)

// builds caches the hook binaries built during this test process.
var builds = struct {
	sync.Mutex
	dir  string
	bins map[string]*build
}{bins: map[string]*build{}}

type build struct {
	once sync.Once
	path string
	err  error
}

// Main runs the tests of a package that uses this harness and removes the
// binaries built by [BuildHook]. Call it from TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(e2e.Main(m)) }
func Main(m *testing.M) int {
	code := m.Run()
	builds.Lock()
	dir := builds.dir
	builds.Unlock()
	if dir != "" {
		os.RemoveAll(dir)
	}
	return code
}

// BuildHook builds the main package pkg (a path relative to the module
// root such as "./examples/quickstart", or an import path) once per test
// process and returns the binary's path.
func BuildHook(t testing.TB, pkg string) string {
	t.Helper()
	builds.Lock()
	if builds.dir == "" {
		dir, err := os.MkdirTemp("", "stophook-e2e-bin-")
		if err != nil {
			builds.Unlock()
			t.Fatalf("e2e: %v", err)
		}
		builds.dir = dir
	}
	dir := builds.dir
	b := builds.bins[pkg]
	if b == nil {
		b = &build{}
		builds.bins[pkg] = b
	}
	builds.Unlock()

	b.once.Do(func() {
		root, err := ModuleRoot()
		if err != nil {
			b.err = err
			return
		}
		name := strings.NewReplacer("/", "_", ".", "_").Replace(strings.Trim(pkg, "./"))
		if ex, ok := strings.CutPrefix(pkg, "./examples/"); ok && !strings.Contains(ex, "/") {
			name = "stophook-" + ex // the name the docs give the binary
		}
		out := filepath.Join(dir, name)
		start := time.Now()
		cmd := exec.Command("go", "build", "-o", out, pkg)
		cmd.Dir = root
		if msg, err := cmd.CombinedOutput(); err != nil {
			b.err = fmt.Errorf("e2e: go build %s: %v\n%s", pkg, err, msg)
			return
		}
		t.Logf("e2e: built %s in %v", pkg, time.Since(start).Round(time.Millisecond))
		b.path = out
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}

// ModuleRoot returns the directory of the go.mod above the working directory.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("e2e: no go.mod above the working directory")
		}
		dir = parent
	}
}

// Quote quotes s for a POSIX shell.
func Quote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// CommandLine joins argv into a shell command line.
func CommandLine(argv ...string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		q[i] = Quote(a)
	}
	return strings.Join(q, " ")
}

// Record wraps a command hook so that every call is logged under name:
// read the calls back with [Env.HookCalls]. Other hook types are returned
// unchanged.
func (e *Env) Record(name string, h Hook) Hook {
	e.T.Helper()
	if h.Type != "command" {
		return h
	}
	rec := BuildHook(e.T, "./internal/e2e/internal/hookrec")
	if h.Args != nil { // exec form stays exec form
		h.Args = append([]string{e.hookLogPath(name), h.Command}, h.Args...)
		h.Command = rec
	} else {
		h.Command = CommandLine(rec, e.hookLogPath(name), "sh", "-c", h.Command)
	}
	if e.records == nil {
		e.records = map[string]string{}
	}
	e.records[hookKey(h)] = name
	return h
}

func hookKey(h Hook) string { return h.Command + "\x00" + strings.Join(h.Args, "\x00") }

// recordedOn names the hooks wrapped by [Env.Record] that the settings
// register for every call of event (no matcher).
func (e *Env) recordedOn(event string) []string {
	var names []string
	for _, m := range e.Settings.Hooks[event] {
		if m.Matcher != "" && m.Matcher != "*" {
			continue
		}
		for _, h := range m.Hooks {
			if name, ok := e.records[hookKey(h)]; ok && !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
	}
	return names
}

// DoneCalls counts the finished calls of the recorded hook name for event.
func (e *Env) DoneCalls(name, event string) int {
	e.T.Helper()
	n := 0
	for _, c := range e.HookCalls(name) {
		if string(c.Input.HookEventName) == event && c.Done {
			n++
		}
	}
	return n
}

func (e *Env) hookLogPath(name string) string { return filepath.Join(e.HookLog, name+".jsonl") }

// HookCall is one recorded call of a hook wrapped with [Env.Record].
type HookCall struct {
	Input    stophook.Input // parsed hook input (zero when it was not JSON)
	Raw      string         // the input exactly as received
	Done     bool           // the hook finished (false: killed or still running)
	Exit     int
	Stdout   string
	Stderr   string
	Duration time.Duration
}

// Blocked reports whether the call blocked the stop: exit 2, or exit 0
// with {"decision":"block"} on stdout.
func (c HookCall) Blocked() bool {
	if !c.Done {
		return false
	}
	if c.Exit == 2 {
		return true
	}
	var out struct {
		Decision string `json:"decision"`
	}
	return c.Exit == 0 && json.Unmarshal([]byte(strings.TrimSpace(c.Stdout)), &out) == nil && out.Decision == "block"
}

// HookCalls returns the calls of the hook recorded under name, in order.
func (e *Env) HookCalls(name string) []HookCall {
	e.T.Helper()
	data, err := os.ReadFile(e.hookLogPath(name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		e.T.Fatalf("e2e: %v", err)
	}
	var calls []HookCall
	index := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 128<<20)
	for sc.Scan() {
		var line struct {
			ID     string          `json:"id"`
			Input  json.RawMessage `json:"input"`
			Exit   *int            `json:"exit"`
			Stdout string          `json:"stdout"`
			Stderr string          `json:"stderr"`
			MS     int64           `json:"ms"`
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			e.T.Fatalf("e2e: hook log %s: %v", name, err)
		}
		if line.Exit == nil {
			c := HookCall{Raw: string(line.Input)}
			var s string
			if json.Unmarshal(line.Input, &s) == nil {
				c.Raw = s
			}
			if in, err := stophook.ParseInput([]byte(c.Raw)); err == nil {
				c.Input = in
			}
			index[line.ID] = len(calls)
			calls = append(calls, c)
			continue
		}
		if i, ok := index[line.ID]; ok {
			c := &calls[i]
			c.Done, c.Exit, c.Stdout, c.Stderr = true, *line.Exit, line.Stdout, line.Stderr
			c.Duration = time.Duration(line.MS) * time.Millisecond
		}
	}
	return calls
}
