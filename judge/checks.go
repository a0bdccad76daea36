package judge

import (
	"strconv"
	"strings"

	"github.com/stophook/stophook/internal/lazyre"
	"github.com/stophook/stophook/internal/textcut"
	"github.com/stophook/stophook/transcript"
	"github.com/tidwall/gjson"
)

// shellTools are the tool names hosts give a shell command; editTools
// those that write files.
var (
	shellTools = map[string]bool{"bash": true, "shell": true, "exec_command": true, "local_shell_call": true,
		"run_shell_command": true, "execute": true, "run_in_terminal": true, "powershell": true, "write_stdin": true}
	editTools = map[string]bool{"edit": true, "write": true, "multiedit": true, "notebookedit": true, "apply_patch": true,
		"create": true, "str_replace_editor": true, "str_replace_based_edit_tool": true, "write_file": true, "replace": true,
		"edit_file": true, "create_file": true}
)

// checkPatterns name the commands that check the work, in the order they
// are tried: the first that matches a command gives its family and tool.
var checkPatterns = []struct {
	key string
	re  *lazyre.Regexp
}{
	{"push:git", lazyre.New(`\bgit push\b`)},
	{"commit:git", lazyre.New(`\bgit commit\b`)},
	{"ci:gh", lazyre.New(`\bgh (?:run (?:watch|view)|pr checks)\b`)},
	{"test:go", lazyre.New(`\bgo test\b`)},
	{"test:pytest", lazyre.New(`\bpytest\b|\bpython3? -m unittest\b|\btox\b`)},
	{"test:js", lazyre.New(`\b(?:npm|pnpm|yarn|bun|npx|bunx)\b[^|;&]*\btest\b|\bvitest\b|\bjest\b|\bmocha\b|\bplaywright test\b`)},
	{"test:cargo", lazyre.New(`\bcargo (?:test|nextest)\b`)},
	{"test:mix", lazyre.New(`\bmix test\b`)},
	{"test:ruby", lazyre.New(`\brspec\b|\brails test\b|\brake test\b`)},
	{"test:php", lazyre.New(`\bphpunit\b|\bpest\b`)},
	{"test:dotnet", lazyre.New(`\bdotnet test\b`)},
	{"test:jvm", lazyre.New(`\b(?:gradle|gradlew|mvn|mvnw)\b[^|;&]*\btest\b`)},
	{"test:make", lazyre.New(`\bmake\b[^|;&]*\b(?:test|check)\b`)},
	{"test:swift", lazyre.New(`\bswift test\b|\bxcodebuild\b[^|;&]*\btest\b`)},
	{"test:deno", lazyre.New(`\bdeno test\b`)},
	{"test:ctest", lazyre.New(`\bctest\b`)},
	{"lint:lint", lazyre.New(`\blint\b|\beslint\b|\bbiome (?:check|lint|ci)\b|\bruff\b|\bmypy\b|\b(?:based)?pyright\b|\bgolangci-lint\b|\bgo vet\b|\bclippy\b|\bcredo\b|\bdialyzer\b|\bprettier (?:--check|-c)\b|\bgofmt -l\b|\bblack --check\b|\bcargo fmt\b[^|;&]*--check|\bshellcheck\b|\bstaticcheck\b`)},
	{"build:go", lazyre.New(`\bgo build\b|\bgo install\b`)},
	{"build:cargo", lazyre.New(`\bcargo (?:build|check)\b`)},
	{"build:js", lazyre.New(`\b(?:npm|pnpm|yarn|bun)\b[^|;&]*\b(?:build|typecheck|type-check|tsc)\b|\btsc\b|\bnext build\b|\bvite build\b`)},
	{"build:mix", lazyre.New(`\bmix compile\b`)},
	{"build:dotnet", lazyre.New(`\bdotnet build\b`)},
	{"build:jvm", lazyre.New(`\b(?:gradle|gradlew)\b[^|;&]*\b(?:build|assemble)\b|\bmvnw?\b[^|;&]*\b(?:compile|package|install|verify)\b`)},
	{"build:swift", lazyre.New(`\bswift build\b|\bxcodebuild\b`)},
	{"build:docker", lazyre.New(`\bdocker (?:build|compose build)\b`)},
	{"build:make", lazyre.New(`(?:^|[;&|] *)make\b`)},
	{"deploy:deploy", lazyre.New(`\bdeploy\b|\bwrangler (?:publish|deploy)\b|\bkubectl apply\b|\bterraform apply\b|\bvercel\b --prod`)},
}

// checkWords are words one of checkPatterns needs: a command without any
// of them is no check, and the patterns are not tried.
var checkWords = []string{"test", "build", "push", "commit", "gh ", "lint", "vet", "tsc", "make", "deploy", "check", "tox",
	"jest", "mocha", "spec", "unit", "pest", "clippy", "credo", "dialyzer", "ruff", "mypy", "pyright", "fmt", "compile", "install",
	"cargo", "gradle", "mvn", "xcodebuild", "swift", "biome", "prettier", "wrangler", "kubectl", "terraform", "vercel",
	"docker", "assemble", "package", "verify", "typecheck", "type-check", "black"}

func mayCheck(cmd string) bool {
	for _, w := range checkWords {
		if strings.Contains(cmd, w) {
			return true
		}
	}
	return false
}

// exitCode matches the exit code hosts write into a shell tool's result.
// Codex's older shell tool returns JSON: {"output":…,"metadata":{"exit_code":N}}.
var exitCode = lazyre.New(`(?:\b[Ee]xit(?:ed)?(?: with)?(?: exit)? [Cc]ode:?|\bexit status|[Pp]rocess exited with code|"exit_code"\s*:)\s*(-?\d+)`)

// failSummary matches a failing test or build summary in a check's output,
// so a failure piped through tail (exit code 0) still counts. Per tool
// family: go test (--- FAIL, FAIL pkg), pytest (FAILED, "N failed"), jest
// and vitest ("Tests: N failed", FAIL file), mocha ("N failing"), rspec
// ("N failures"), cargo (error[E…], "test result: FAILED", "could not
// compile"), tsc (error TS…), ruff, mypy and tsc ("Found N errors"),
// eslint ("✖ N problems (N errors"), pyright ("N errors, M warnings"),
// gradle and maven ("BUILD FAILED", "BUILD FAILURE", "Failures: N"),
// dotnet ("Failed!  - Failed: N", "Build FAILED"), phpunit ("FAILURES!"),
// make ("make: *** … Error N"), compilers ("file:12:3: error:"), go build
// ("file.go:12:3: "), npm, pnpm and yarn (npm ERR!, npm error,
// ELIFECYCLE, "error Command failed"), bundlers ("Failed to compile",
// "Build failed"), docker ("ERROR: failed to solve"), git push
// ([rejected], [remote rejected]), GitHub Actions ("Some checks were not
// successful", "Process completed with exit code N", "completed with
// 'failure'").
var failSummary = lazyre.New(`(?m)^\s*(?:--- FAIL\b|FAIL\b|FAILED\b|ERROR:|error\[E\d+\]|FAILURES!|Failed!\s+-\s+Failed:\s+[1-9]|npm (?:ERR!|error) |(?:[x✗×] )?Build failed\b|error Command failed\b|make(?:\[\d+\])?: \*\*\* .*Error \d+|[\w./\\-]+:\d+:\d+: (?:fatal )?error: |[\w./-]+\.go:\d+:\d+: |[1-9]\d* errors?, \d+ warnings?|X Process completed with exit code [1-9])|\b[1-9]\d* (?:failed|failing|failures?)\b|\(fail\)|\bTests?:\s+[1-9]\d* failed|\berror TS\d+\b|\bnpm ERR!|\bBUILD FAILED\b|\bBUILD FAILURE\b|\bBuild FAILED\b|\bFailures: [1-9]|\bCompilation failed\b|\bFailed to compile\b|\btest result: FAILED\b|\berror: could not compile\b|\bFound [1-9]\d* errors?\b|✖ [1-9]\d* problems? \([1-9]|\bELIFECYCLE\b|\bSome checks were not successful\b|completed with '(?:failure|timed_out|startup_failure)'|^panic: |\bpush(?:es)? (?:was |were )?rejected\b|\[(?:remote )?rejected\]|\berror: failed to push\b`)

// refusals are what a tool result says when the call did not run because
// the user or a permission rule stopped it.
var refusals = []string{"doesn't want to proceed", "was rejected by the user", "user rejected", "user denied", "user declined",
	"request interrupted", "has been denied"}

// refused reports a tool result of a call that did not run.
func refused(text string) bool {
	h := strings.ToLower(head(text, 300))
	for _, r := range refusals {
		if strings.Contains(h, r) {
			return true
		}
	}
	return false
}

// runOf reads one tool call and its result.
func runOf(u transcript.ToolUse, r transcript.ToolResult) Run {
	run := Run{Call: u.String()}
	name := strings.ToLower(u.Name)
	in := gjson.ParseBytes(u.Input)
	switch {
	case shellTools[name]:
		if refused(r.Text) {
			return run
		}
		cmd := commandOf(in)
		checks := checksOf(cmd)
		if len(checks) == 0 {
			return run
		}
		run.Check, run.also = checks[0], checks[1:]
		run.Failed, run.Summary = shellFailed(r, cmd)
		run.scope = scopeOf(cmd, run.Check)
		if run.Failed {
			run.out = r.Text // read through outWindow, when a message or a later run needs it
		}
	case editTools[name]:
		run.Edit = true
		p := in.Get("file_path").String()
		if p == "" {
			p = in.Get("path").String()
		}
		if p == "" {
			p = in.Get("notebook_path").String()
		}
		if p == "" {
			return run
		}
		// A write that went through is a passing run of the same check:
		// it settles an earlier refused write of the file.
		run.Check = "edit:" + p
		if r.IsError {
			run.Failed, run.Summary = true, firstLine(head(r.Text, 160))
		}
	}
	return run
}

// commandOf returns the shell command of a tool input: a string field
// (command, cmd) or an argv array.
func commandOf(in gjson.Result) string {
	for _, f := range []string{"command", "cmd", "commandLine", "script"} {
		v := in.Get(f)
		if v.Type == gjson.String {
			return v.Str
		}
		if v.IsArray() {
			var parts []string
			for _, a := range v.Array() {
				parts = append(parts, a.String())
			}
			return strings.Join(parts, " ")
		}
	}
	return ""
}

// checksOf returns the check keys of a command, the first matching
// pattern first, or none. A chained command ("git commit … && git
// push") runs several checks.
func checksOf(cmd string) []string {
	cmd = strings.ToLower(head(cmd, 2000))
	if cmd == "" || !mayCheck(cmd) {
		return nil
	}
	var keys []string
	for _, p := range checkPatterns {
		if p.re.MatchString(cmd) {
			keys = append(keys, p.key)
		}
	}
	return keys
}

// shellFailed reads a shell result of command cmd: failed on a non-zero
// exit code, an error result, or a failing summary in the output. An exit
// code 0 the host reports for a command whose exit code is its check's
// (not piped, not chained with ; or ||) is a pass whatever the output
// says: a passing suite may print failure words (a test of an error path
// logs "FAIL").
func shellFailed(r transcript.ToolResult, cmd string) (bool, string) {
	out := r.Text
	if m := exitCode.FindStringSubmatch(head(out, 200) + "\n" + tailString(out, 200)); m != nil {
		n, err := strconv.Atoi(m[1])
		if err == nil && n != 0 && !signalled(n) {
			return true, "exit code " + m[1]
		}
		if err == nil && n == 0 && cmd != "" && !strings.ContainsAny(cmd, "|;") && !r.IsError {
			return false, ""
		}
	}
	if window := head(out, 500) + "\n" + tailString(out, 1500); mayFail(window) {
		if s := failSummary.FindString(window); s != "" && !rerunPassed(window) {
			return true, strings.TrimSpace(s)
		}
	}
	if r.IsError {
		return true, firstLine(head(out, 120))
	}
	return false, ""
}

// signalled reports an exit code a shell gives a command stopped by a
// signal (130 interrupt, 137 kill, 143 terminate): the check was cut
// short, not failed, and its outcome is unknown unless the output shows it.
func signalled(code int) bool { return code == 130 || code == 137 || code == 143 }

// rerunPassed reports go test output in which every package that failed
// passed in a later run of the same call ("go test ./pkg || go test
// ./pkg", a test broken on purpose and restored): the failure was fixed
// before the call returned. A bare FAIL line after the last passing run
// is a failure of its own.
func rerunPassed(out string) bool {
	if !strings.Contains(out, "ok ") && !strings.Contains(out, "ok\t") {
		return false
	}
	open := map[string]bool{} // packages whose last run failed
	failed, bare := false, false
	for line := range strings.Lines(out) {
		f := strings.Fields(line)
		switch {
		case len(f) == 1 && f[0] == "FAIL":
			bare = true
		case len(f) >= 2 && f[0] == "FAIL":
			open[f[1]], failed, bare = true, true, false
		case len(f) >= 2 && f[0] == "ok":
			delete(open, f[1])
			bare = false
		}
	}
	return failed && len(open) == 0 && !bare
}

// failWords are the words failSummary needs; a window without any of them
// skips the regular expression.
var failWords = []string{"FAIL", "fail", "ERROR", "error", "ERR!", "panic", "rejected", "Fail", "ELIFECYCLE", "✖", "*** ", ".go:", "not successful", "exit code"}

func mayFail(s string) bool {
	for _, w := range failWords {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// head returns the first n bytes of s, cut at a rune boundary.
func head(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return textcut.Bytes(s, n)
}

// tailString returns the last n bytes of s, cut at a rune boundary.
func tailString(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := len(s) - n
	for i < len(s) && s[i]&0xC0 == 0x80 {
		i++
	}
	return s[i:]
}

// runningMark is what Codex's exec_command answers for a command that
// goes on running; write_stdin to that session later reports its exit.
var runningMark = lazyre.New(`Process running with session ID (\d+)`)

// runningSession returns the session id of a Codex command still running.
func runningSession(text string) string {
	if m := runningMark.FindStringSubmatch(head(text, 300)); m != nil {
		return m[1]
	}
	return ""
}

// stdinSession returns the session a Codex write_stdin call writes to.
func stdinSession(u transcript.ToolUse) string {
	if !strings.EqualFold(u.Name, "write_stdin") {
		return ""
	}
	return gjson.GetBytes(u.Input, "session_id").String()
}
