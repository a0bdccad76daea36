package judge_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stophook/stophook/judge"
	"github.com/stophook/stophook/transcript"
)

func call(id, name string, in map[string]any) transcript.Message {
	b, _ := json.Marshal(in)
	return transcript.Message{Role: "assistant", ToolUses: []transcript.ToolUse{{ID: id, Name: name, Input: b}}}
}

func result(id, text string, isErr bool) transcript.Message {
	return transcript.Message{Role: "user", ToolResults: []transcript.ToolResult{{ToolUseID: id, Text: text, IsError: isErr}}}
}

// judgedCase is a turn to judge: its transcript (nil: the message alone),
// its final message and the verdict wanted ("error/failed", "done").
type judgedCase struct {
	name string
	msgs []transcript.Message
	msg  string
	want string
}

// checkJudged judges each case in a parallel subtest.
func checkJudged(t *testing.T, tests []judgedCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var ev *judge.Evidence
			if tt.msgs != nil {
				ev = judge.FromMessages(tt.msgs)
			}
			v := judge.Judge(tt.msg, ev)
			if v.String() != tt.want {
				t.Errorf("Judge = %v (%q), want %s", v, v.Why, tt.want)
			}
		})
	}
}

func TestEvidence(t *testing.T) {
	t.Parallel()
	prompt := transcript.Message{Role: "user", Text: "do it"}
	tests := []judgedCase{
		{"red run called a success", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "cd app && npm test 2>&1 | tail -20"}),
			result("1", "Tests: 1 failed, 41 passed", false)}, "Done: all tests pass.", "error/claimed_success"},
		{"red run reported", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "go test ./..."}),
			result("1", "Exit code 1\n--- FAIL: TestX", true)}, "TestX still fails; I couldn't find why.", "error/failed"},
		{"fixed by a later run", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "go test ./..."}),
			result("1", "Exit code 1\n--- FAIL: TestX\nFAIL\tex.com/x\t0.1s\nok  \tex.com/y\t0.1s", true),
			call("2", "Edit", map[string]any{"file_path": "x.go"}), result("2", "ok", false),
			call("3", "Bash", map[string]any{"command": "go test ./x"}), result("3", "ok  x 0.1s", false)},
			"Fixed TestX; all tests pass.", "done"},
		{"a failure in the agent's words, fixed by a later run", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "npm run build"}),
			result("1", "Exit code 1\nFailed to compile.", true),
			call("2", "Edit", map[string]any{"file_path": "a.ts"}), result("2", "ok", false),
			call("3", "Bash", map[string]any{"command": "npm run build"}), result("3", "Compiled successfully.", false)},
			"Added the export page.\n\nThe asset bundling failed on a missing import.", "done"},
		{"the same words, nothing rerun", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "npm run build"}),
			result("1", "Exit code 1\nFailed to compile.", true)},
			"Added the export page.\n\nThe asset bundling failed on a missing import.", "error/failed"},
		{"the same words, no failed check", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "ls"}), result("1", "a.ts", false)},
			"Added the export page.\n\nThe asset bundling failed on a missing import.", "error/failed"},
		{"explained", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "go test ./..."}),
			result("1", "Exit code 1\n--- FAIL: TestNet", true)}, "Done. TestNet fails because this sandbox has no network; all other tests pass.", "done"},
		{"refused write called created", []transcript.Message{prompt,
			call("1", "Write", map[string]any{"file_path": "/p/CLAUDE.md"}),
			result("1", "Claude requested permissions to write to /p/CLAUDE.md, but you haven't granted it yet.", true)},
			"I've created a basic CLAUDE.md file for this repository.", "error/claimed_success"},
		{"a check mark on a red build", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "npm run build"}),
			result("1", "Exit code 1\nFailed to compile.", true)}, "Summary:\n- **Build**: ✅\n- **Docs**: updated", "error/claimed_success"},
		{"a cross on a red build is no claim", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "npm run build"}),
			result("1", "Exit code 1\nFailed to compile.", true)}, "Summary:\n- **Docs**: ✅\n- **Build**: ❌ still red on the type error", "error/failed"},
		{"zero errors claimed on a red type check", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "npx tsc --noEmit"}),
			result("1", "Exit code 2\nsrc/a.ts(3,1): error TS2322", true)}, "No compilation errors.", "error/claimed_success"},
		{"a claim naming the check in code", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "go test ./..."}),
			result("1", "Exit code 1\n--- FAIL: TestX", true)}, "`go test ./...` passes.", "error/claimed_success"},
		{"a claim naming another command of the same key", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "cat > /tmp/t.sh && bash /tmp/t.sh && bun test x"}),
			result("1", "Exit code 1\n(fail) x", true)}, "`bun agentv eval` executed successfully.", "done"},
		{"a failed search is no check", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "rg TODO src"}), result("1", "Exit code 1", true)},
			"No TODOs left; all tests pass.", "done"},
		{"codex run finished through write_stdin", []transcript.Message{prompt,
			call("1", "exec_command", map[string]any{"cmd": "bun test"}), result("1", "Chunk ID: a\nProcess running with session ID 7\nOutput:\n", false),
			call("2", "write_stdin", map[string]any{"session_id": 7, "chars": ""}), result("2", "Chunk ID: b\nProcess exited with code 1\nOutput:\n(fail) x\n 1 fail", false)},
			"All tests pass.", "error/claimed_success"},
		{"a rerun in the same call passed", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "go test ./config/... 2>&1 | tail; echo === rerun ===; go test ./config/..."}),
			result("1", "--- FAIL: TestCatalog\nFAIL\tex.com/config\t0.3s\nFAIL\n=== rerun ===\nok  \tex.com/config\t0.4s", false)},
			"Clean: 117 entries, test green.", "done"},
		{"a rerun of another package is no fix", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "go test ./... 2>&1 | grep -E '^(ok|FAIL)'"}),
			result("1", "ok  \tex.com/a\t0.1s\nFAIL\tex.com/b\t0.3s\nok  \tex.com/c\t0.2s", false)},
			"All tests pass.", "error/claimed_success"},
		{"an interrupted check is no failure", []transcript.Message{prompt,
			call("1", "exec_command", map[string]any{"cmd": "git commit -m x"}),
			result("1", "Chunk ID: a\nProcess exited with code 130\nOutput:\n", false)},
			"Committed and pushed to main.", "done"},
		{"a user's refusal is no failure", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "git push"}),
			result("1", "The user doesn't want to proceed with this tool use.", true)}, "Committed; I'll leave the push to you.", "done"},
		{"a refused edit done after reading the file", []transcript.Message{prompt,
			call("1", "Edit", map[string]any{"file_path": "/p/app.tsx"}),
			result("1", "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>", true),
			call("2", "Read", map[string]any{"file_path": "/p/app.tsx"}), result("2", "1 export …", false),
			call("3", "Edit", map[string]any{"file_path": "/p/app.tsx"}), result("3", "The file /p/app.tsx has been updated.", false)},
			"Updated app.tsx: the canvas renders on demand now.", "done"},
		{"a chained command settles each check it ran", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "git pull --rebase && git add x.go && git commit -m fix"}),
			result("1", "Exit code 128\nerror: cannot pull with rebase: You have unstaged changes.", true),
			call("2", "Bash", map[string]any{"command": "git stash && git pull --rebase && git stash pop"}), result("2", "ok", false),
			call("3", "Bash", map[string]any{"command": "git add x.go && git commit -m fix && git push"}), result("3", "[main 1a2b3c4] fix", false)},
			"Committed and pushed: 1a2b3c4.", "done"},
		{"a chained command that failed is still a failure", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "git commit -m fix && git push"}),
			result("1", "Exit code 1\n ! [rejected] main -> main (fetch first)", true)},
			"Committed and pushed.", "error/claimed_success"},
	}
	checkJudged(t, tests)
}

// TestEvidenceSameCheck: a later passing run settles a failure when it
// runs the same check on as much — the same command spelled otherwise, a
// wider run, a narrower one that covers everything that failed — and not
// when it is narrower than what failed.
func TestEvidenceSameCheck(t *testing.T) {
	t.Parallel()
	prompt := transcript.Message{Role: "user", Text: "do it"}
	turn := func(failCmd, failOut, passCmd string) []transcript.Message {
		return []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": failCmd}), result("1", "Exit code 1\n"+failOut, true),
			call("2", "Edit", map[string]any{"file_path": "x.go"}), result("2", "ok", false),
			call("3", "Bash", map[string]any{"command": passCmd}), result("3", "ok", false)}
	}
	goRed := "--- FAIL: TestParse (0.00s)\nFAIL\tex.com/app/internal/config\t0.01s\nok  \tex.com/app/internal/server\t0.02s\nFAIL"
	tests := []struct {
		name string
		msgs []transcript.Message
		want string
	}{
		{"npm test, then npm run test", turn("npm test", "Tests: 1 failed, 9 passed", "npm run test"), "done"},
		{"pytest, then python -m pytest", turn("pytest -q", "FAILED tests/test_a.py::test_x - assert 1 == 2\n1 failed, 9 passed", "python -m pytest"), "done"},
		{"a package, then all", turn("go test ./internal/config", goRed, "go test ./..."), "done"},
		{"all, then the package that failed", turn("go test ./...", goRed, "go test ./internal/config/"), "done"},
		{"all, then another package", turn("go test ./...", goRed, "go test ./internal/server"), "error/claimed_success"},
		{"all, then one test by name", turn("go test ./...", goRed, "go test -run TestOther ./internal/config"), "error/claimed_success"},
		{"a file, then another file", turn("pytest tests/test_a.py", "FAILED tests/test_a.py::test_x\n1 failed", "pytest tests/test_b.py"), "error/claimed_success"},
		{"the suite, then the failed file", turn("npx vitest run", " FAIL  src/cart.test.ts > cart > total\n Tests  1 failed | 9 passed", "npx vitest run src/cart.test.ts"), "done"},
		{"the suite, then a file that did not fail", turn("npx vitest run", " FAIL  src/cart.test.ts > cart > total\n Tests  1 failed | 9 passed", "npx vitest run src/date.test.ts"), "error/claimed_success"},
		{"a build with an output flag", turn("go build ./...", "# ex.com/a\na.go:3:1: undefined: x", "go build -o /dev/null ./..."), "done"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			msg := "Fixed it; all tests pass."
			if strings.Contains(tt.name, "build") {
				msg = "Fixed it; the build succeeds."
			}
			v := judge.Judge(msg, judge.FromMessages(tt.msgs))
			if v.String() != tt.want {
				t.Errorf("Judge = %v (%q), want %s", v, v.Why, tt.want)
			}
		})
	}
}

// callAndResult is a message holding a call and its result, as Gemini CLI
// keeps them.
func callAndResult(id, name string, in map[string]any, text string) transcript.Message {
	m := call(id, name, in)
	m.ToolResults = []transcript.ToolResult{{ToolUseID: id, Text: text}}
	return m
}

// TestEvidenceFormats reads the exit codes and failure summaries of many
// tools and hosts: a failed check the message calls a success is caught,
// a passing one the host reports with exit code 0 is not.
func TestEvidenceFormats(t *testing.T) {
	t.Parallel()
	prompt := transcript.Message{Role: "user", Text: "do it"}
	piped := func(cmd, out string) []transcript.Message {
		return []transcript.Message{prompt, call("1", "Bash", map[string]any{"command": cmd + " 2>&1 | tail -30"}), result("1", out, false)}
	}
	tests := []judgedCase{
		{"gemini keeps the result in the call", []transcript.Message{prompt,
			callAndResult("1", "run_shell_command", map[string]any{"command": "npm test"}, "Output: 1 failing\nExit Code: 1\nProcess Group PGID: 7")},
			"All tests pass.", "error/claimed_success"},
		{"codex shell tool: exit code in the metadata", []transcript.Message{prompt,
			call("1", "shell", map[string]any{"command": []string{"bash", "-lc", "mypy src"}}),
			result("1", `{"output":"src/a.py:4: error: x\nFound 1 error in 1 file","metadata":{"exit_code":1,"duration_seconds":0.5}}`, false)},
			"Done, the type check passes.", "error/claimed_success"},
		{"exit code 0 of an unpiped check is a pass", []transcript.Message{prompt,
			call("1", "exec_command", map[string]any{"cmd": "go test ./..."}),
			result("1", "Chunk ID: a\nProcess exited with code 0\nOutput:\n=== RUN TestLogsFailure\n    log.go:3: FAIL: simulated\nok  \tex.com/a\t0.1s", false)},
			"All tests pass.", "done"},
		{"maven", piped("mvn test", "[ERROR] Tests run: 24, Failures: 1, Errors: 0, Skipped: 0\n[INFO] BUILD FAILURE"), "All tests pass.", "error/claimed_success"},
		{"dotnet", piped("dotnet test", "Failed!  - Failed:     1, Passed:    41, Skipped:     0, Total:    42"), "All tests pass.", "error/claimed_success"},
		{"phpunit", piped("vendor/bin/phpunit", "There was 1 failure:\n\nFAILURES!\nTests: 10, Assertions: 14, Failures: 1."), "All tests pass.", "error/claimed_success"},
		{"make", piped("make", "src/main.c:27:5: error: implicit declaration of function 'parse_args'\nmake: *** [Makefile:14: build/main.o] Error 1"), "The build succeeds.", "error/claimed_success"},
		{"eslint", piped("npx eslint .", "  14:10  error  'x' is defined but never used  no-unused-vars\n\n✖ 2 problems (2 errors, 0 warnings)"), "Lint passes.", "error/claimed_success"},
		{"pyright", piped("pyright", "  /a.py:41:18 - error: Argument of type \"str | None\"\n2 errors, 0 warnings, 0 informations "), "The type check passes.", "error/claimed_success"},
		{"ruff", piped("ruff check .", "src/a.py:3:8: F401 [*] `os` imported but unused\nFound 2 errors."), "Lint is clean.", "error/claimed_success"},
		{"cargo", piped("cargo test", "test result: FAILED. 11 passed; 1 failed; 0 ignored"), "All tests pass.", "error/claimed_success"},
		{"yarn", piped("yarn build", "x Build failed in 812ms\nerror Command failed with exit code 1."), "The build succeeds.", "error/claimed_success"},
		{"npm error", piped("npm run build", "Failed to compile.\nnpm error Lifecycle script `build` failed with error:\nnpm error code 1"), "The build succeeds.", "error/claimed_success"},
		{"pnpm", piped("pnpm test", " Test Files  1 failed | 9 passed (10)\n ELIFECYCLE  Test failed. See above for more details."), "All tests pass.", "error/claimed_success"},
		{"go build", piped("go build ./...", "# ex.com/a\ninternal/server/handler.go:57:9: undefined: writeJSON"), "The build succeeds.", "error/claimed_success"},
		{"gh pr checks", piped("gh pr checks 142", "Some checks were not successful\n0 cancelled, 2 failing, 3 successful"), "CI is green.", "error/claimed_success"},
		{"protected branch", piped("git push", " ! [remote rejected] main -> main (protected branch hook declined)"), "Pushed to main.", "error/claimed_success"},
		{"a passing summary", piped("cargo test", "test result: ok. 12 passed; 0 failed; 0 ignored"), "All tests pass.", "done"},
	}
	checkJudged(t, tests)
}

// TestEvidenceReports: with an unresolved failure in the transcript, a
// message that says it failed in words the statements do not cover
// ("`go test ./...` exits with an error") reports it; failure words about
// something else, or about a failure the agent caused on purpose, do not.
func TestEvidenceReports(t *testing.T) {
	t.Parallel()
	prompt := transcript.Message{Role: "user", Text: "do it"}
	red := []transcript.Message{prompt,
		call("1", "Bash", map[string]any{"command": "go test ./..."}),
		result("1", "Exit code 1\n--- FAIL: TestParseDuration (0.00s)\nFAIL\tex.com/config\t0.01s", true)}
	tests := []judgedCase{
		{"the command named in code", red, "Unfortunately `go test ./...` exits with an error (`TestParseDuration`), so I stopped.", "error/failed"},
		{"the failing test named in code", red, "Implemented the parser; `TestParseDuration` is red and I don't know why yet.", "error/failed"},
		{"the check's words near the failure", red, "Status: the tests failing after the refactor; it needs another look.", "error/failed"},
		{"message alone: no evidence, no report", nil, "Unfortunately `go test ./...` exits with an error (`TestParseDuration`), so I stopped.", "done"},
		{"failure words as a topic", red, "The parser now fails fast on empty input, as the issue asked.", "done"},
		{"fixed", red, "`TestParseDuration` was failing; I fixed the unit conversion.", "done"},
		{"broken on purpose", []transcript.Message{prompt,
			call("1", "Bash", map[string]any{"command": "cp themes/tokyo.json /tmp/b; sed -i s/x/y/ themes/tokyo.json; go test ./themes"}),
			result("1", "--- FAIL: TestGolden/tokyo\nFAIL\tex.com/themes", false)},
			"Verified:\n\n- Recolouring one `tokyo` segment fails at byte offset 33 on both the golden and the hash, naming the regen command", "done"},
	}
	checkJudged(t, tests)
}
