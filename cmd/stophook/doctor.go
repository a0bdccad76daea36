package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/hookconf"
	"github.com/stophook/stophook/loopstate"
)

type doctorOpts struct {
	dir     string
	timeout time.Duration
}

func doctorFlags(o *doctorOpts) *flag.FlagSet {
	fs := newFlags("doctor", "[-dir DIR] [-timeout D]",
		`Lists the stophook hooks of every Claude Code scope (user, project, local) and
the enabled plugins, then checks that each hook command exists, answers a
sample Stop event (exit 0, JSON or nothing on stdout), and lets the session
stop when fed garbage; compares running loops' max with Claude Code's block
cap; and checks the state directory is writable and ignored by git.
Prints one line per check (ok, warn or FAIL); exits 0 only when every
check is ok.`, [][2]string{
			{"HOME", "home directory holding the user-scope settings"},
			{loopstate.BlockCapEnv, "Claude Code's cap on consecutive Stop-hook blocks (default 8)"},
			{stophook.StateDirEnv, "state directory checked instead of DIR/.claude/stophook"},
		})
	fs.StringVar(&o.dir, "dir", "", "project `DIR` (default: the working directory)")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Second, "how long each hook run may take")
	return fs
}

// report prints check lines and remembers whether all were ok.
type report struct {
	s        *sys
	warn, ko int
}

func (r *report) ok(format string, a ...any) { fmt.Fprintf(r.s.stdout, "ok   "+format+"\n", a...) }
func (r *report) warnf(format string, a ...any) {
	r.warn++
	fmt.Fprintf(r.s.stdout, "warn "+format+"\n", a...)
}
func (r *report) fail(format string, a ...any) {
	r.ko++
	fmt.Fprintf(r.s.stdout, "FAIL "+format+"\n", a...)
}

func runDoctor(args []string, s *sys) int {
	var o doctorOpts
	fs := doctorFlags(&o)
	if done, code := parse(fs, args, s); done {
		return code
	}
	places, err := s.places(o.dir)
	if err != nil {
		fmt.Fprintf(s.stderr, "stophook doctor: %v\n", err)
		return 1
	}
	r := &report{s: s}
	claude := hookconf.Hosts["claude"]
	type hookRef struct {
		cmd  string
		args []string
	}
	var hooks []hookRef
	for _, scope := range []hookconf.Scope{hookconf.User, hookconf.Project, hookconf.Local} {
		path, _ := claude.Path(scope, places)
		doc, err := os.ReadFile(path)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			r.fail("%s settings %s: %v", scope, path, err)
			continue
		}
		found, err := hookconf.Entries(doc, claude)
		if err != nil {
			r.fail("%s settings %s: %v", scope, path, err)
			continue
		}
		for _, f := range found {
			if !isStophook(f.Command, f.Args) {
				continue
			}
			r.ok("%s hook %s: %s", scope, f.Event, describe(f.Command, f.Args))
			if !slices.ContainsFunc(hooks, func(h hookRef) bool { return h.cmd == f.Command && slices.Equal(h.args, f.Args) }) {
				hooks = append(hooks, hookRef{f.Command, f.Args})
			}
		}
		for _, p := range enabledPlugins(doc) {
			r.ok("%s plugin %s enabled", scope, p)
		}
	}
	if len(hooks) == 0 {
		r.warnf("no stophook hook in the Claude Code settings of %s (stophook install -command CMD adds one)", places.Dir)
	}
	for _, h := range hooks {
		checkHook(r, h.cmd, h.args, o.timeout)
	}
	stateDir := s.getenv(stophook.StateDirEnv)
	if stateDir == "" {
		stateDir = filepath.Join(places.Dir, ".claude", "stophook")
	}
	checkLoops(r, stateDir, loopstate.BlockCap(s.getenv))
	checkStateDir(r, stateDir, places.Dir)
	if r.warn+r.ko > 0 {
		fmt.Fprintf(s.stdout, "%d warning(s), %d failure(s)\n", r.warn, r.ko)
		return 1
	}
	return 0
}

// isStophook reports whether a hook command runs a stophook binary or
// launcher.
func isStophook(cmd string, args []string) bool {
	prog := cmd
	if len(args) == 0 {
		if f := strings.Fields(cmd); len(f) > 0 {
			prog = strings.Trim(f[0], `'"`)
		}
	}
	return strings.HasPrefix(filepath.Base(prog), "stophook")
}

func describe(cmd string, args []string) string {
	if len(args) == 0 {
		return cmd
	}
	return hookconf.Hook{Command: cmd, Args: args}.Shell()
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

// checkHook runs the hook on a sample Stop and on garbage, in a scratch
// project with its own state dir.
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

func runHook(argv []string, dir string, stdin []byte, timeout time.Duration) (int, []byte, []byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	c := exec.CommandContext(ctx, argv[0], argv[1:]...)
	c.Dir = dir
	c.Env = append(os.Environ(), stophook.StateDirEnv+"="+filepath.Join(dir, "state"))
	c.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
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
		line = line[:200] + "…"
	}
	return line
}

// checkLoops warns about running loops whose max is above the block cap.
func checkLoops(r *report, dir string, cap int) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	store := stophook.NewFileStore(dir)
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		data, err := store.ReadValueFile(e.Name())
		if err != nil {
			continue
		}
		st, err := loopstate.Parse(data)
		if err != nil || st.Event != loopstate.EventState || len(st.Stack) == 0 {
			continue
		}
		top := st.Stack[len(st.Stack)-1]
		if w := loopstate.CapWarning(top.Max, cap); w != "" {
			r.warnf("loop %s: %s", e.Name(), strings.TrimPrefix(w, "warning: "))
		} else {
			r.ok("loop %s: max %d within the block cap %d", e.Name(), top.Max, cap)
		}
	}
}

// checkStateDir checks the state dir can be written and is ignored by git.
func checkStateDir(r *report, dir, project string) {
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		r.ok("state dir %s: not created yet", dir)
		return
	}
	f, err := os.CreateTemp(dir, ".doctor-*")
	if err != nil {
		r.fail("state dir %s: not writable: %v", dir, err)
		return
	}
	probe := f.Name()
	f.Close()
	defer os.Remove(probe)
	r.ok("state dir %s: writable", dir)
	if _, err := exec.LookPath("git"); err != nil {
		r.ok("state dir %s: git not installed, ignore check skipped", dir)
		return
	}
	c := exec.Command("git", "-C", project, "check-ignore", "-q", probe)
	err = c.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		r.ok("state dir %s: ignored by git", dir)
	case errors.As(err, &ee) && ee.ExitCode() == 1:
		r.fail("state dir %s: not ignored by git: state would be committed (add a .gitignore holding * to it)", dir)
	default:
		r.ok("state dir %s: not in a git work tree", dir)
	}
}
