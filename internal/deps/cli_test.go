package deps

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A starter's command lines: the arguments that reach its Stop hook, and
// the commands it has for people (which exit 2 on a mistake).
var starterCommands = map[string]struct {
	hook     []string
	commands []string
}{
	"autopilot":      {},
	"loop":           {commands: []string{"start", "status", "abort", "cancel"}},
	"memory-triage":  {},
	"queue":          {hook: []string{"hook"}, commands: []string{"drive", "status", "cancel"}},
	"quickstart":     {},
	"retry-escalate": {},
}

// checkCommandLine holds a starter binary to the conventions every
// stophook binary shares (examples/hookcli): -h prints the usage, the
// flags, then the environment; a mistake is one line with a hint to -h
// (and the valid choices of an enum flag), and lets the session stop when
// it is the hook's; -version is one line; a value of a STOPHOOK_*
// variable that is not understood is one warning naming the variable.
func checkCommandLine(t *testing.T, bin, name string) {
	spec, ok := starterCommands[name]
	if !ok {
		t.Fatalf("starterCommands has no entry for examples/%s", name)
	}
	dir := t.TempDir()
	run := func(env []string, stdin string, args ...string) (stdout, stderr string, code int) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "STOPHOOK_STATE_DIR="+filepath.Join(dir, "state"), "STOPHOOK_STORE=", "STOPHOOK_HOST=",
			"STOPHOOK_MAX_TURN_BLOCKS=", "TELEGRAM_BOT_TOKEN=", "ANTHROPIC_API_KEY=", "TMUX=", "TMUX_PANE=")
		cmd.Env = append(cmd.Env, env...)
		cmd.Stdin = strings.NewReader(stdin)
		var o, e strings.Builder
		cmd.Stdout, cmd.Stderr = &o, &e
		err := cmd.Run()
		if x, ok := err.(*exec.ExitError); ok {
			code = x.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return o.String(), e.String(), code
	}
	checkHelp := func(args ...string) {
		t.Helper()
		out, errs, code := run(nil, "", args...)
		flags, env := strings.Index(out, "\nflags:\n"), strings.Index(out, "\nenvironment:\n")
		if code != 0 || errs != "" || !strings.HasPrefix(out, "usage:") || flags < 0 || env < flags {
			t.Errorf("%s %q: exit %d, stderr %q, stdout:\n%s\nwant exit 0 and usage, flags:, then environment: on stdout", name, args, code, errs, out)
		}
	}
	checkMistake := func(wantCode int, want string, args ...string) {
		t.Helper()
		out, errs, code := run(nil, "", args...)
		if code != wantCode || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "-h for help") || !strings.Contains(errs, want) {
			t.Errorf("%s %q: exit %d, stdout %q, stderr %q; want exit %d and one line with %q and a hint to -h", name, args, code, out, errs, wantCode, want)
		}
	}
	hook := spec.hook
	checkHelp(append(slices.Clone(hook), "-h")...)
	failOpen := "allowing stop"
	if name == "queue" {
		failOpen = "doing nothing"
	}
	checkMistake(0, failOpen, append(slices.Clone(hook), "-no-such-flag")...)
	if name != "memory-triage" && name != "queue" {
		checkMistake(0, "want block or context", append(slices.Clone(hook), "-continue", "maybe")...)
	}
	if name == "memory-triage" {
		checkMistake(0, "want hybrid or heuristic", "-mode", "fast")
	}
	out, errs, code := run(nil, "", append(slices.Clone(hook), "-version")...)
	if code != 0 || errs != "" || strings.Count(out, "\n") != 1 || !strings.Contains(out, " go1.") {
		t.Errorf("%s -version: exit %d, stdout %q, stderr %q; want one line with the version", name, code, out, errs)
	}
	for _, c := range spec.commands {
		checkHelp(c, "-h")
		checkMistake(2, "flag provided but not defined: -no-such-flag", c, "-no-such-flag")
	}
	if name == "loop" {
		checkMistake(2, "want loop, issue or grind", "start", "-mode", "spin", "task")
	}

	// Values of the runner's variables that are not understood: one
	// warning each, naming the variable; the hook still answers.
	input := `{"session_id":"s1","transcript_path":"` + filepath.ToSlash(filepath.Join(dir, "none.jsonl")) +
		`","cwd":"` + filepath.ToSlash(dir) + `","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"Done."}`
	bad := map[string]string{"STOPHOOK_HOST": "nonsense", "STOPHOOK_MAX_TURN_BLOCKS": "abc", "STOPHOOK_EXPLAIN": "maybe"}
	bad["STOPHOOK_STORE"] = "bogus"
	if name == "memory-triage" {
		bad["STOPHOOK_TRIAGE_MODE"] = "fast"
	}
	for k, v := range bad {
		_, errs, code := run([]string{k + "=" + v}, input, hook...)
		if n := strings.Count(errs, k+"="); code != 0 || n != 1 || !strings.Contains(errs, v) {
			t.Errorf("%s with %s=%s: exit %d, %d warnings naming it in stderr %q; want exit 0 and 1", name, k, v, code, n, errs)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "bogus")); err == nil {
		t.Errorf("%s: STOPHOOK_STORE=bogus created the directory bogus", name)
	}
}
