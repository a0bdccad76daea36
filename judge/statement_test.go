package judge_test

import (
	"strings"
	"testing"

	"github.com/stophook/stophook/judge"
)

// TestFailureStatements: the message alone is an error only when it
// states that this turn's task failed — a job, a stage or a status put
// first, a first-person statement with its subject left out — and not
// when a failure is an inquiry's topic, an environment's limit, a flaky
// test fixed, or the container the statement names.
func TestFailureStatements(t *testing.T) {
	t.Parallel()
	tests := []classified{
		{"The release job is failing on the signing step and I don't have the key to fix it.", "error/failed"},
		{"Pipeline failed at the `e2e` stage; Playwright can't find the login button.", "error/failed"},
		{"Status: migration failing on the staging copy.", "error/failed"},
		{"Couldn't get the worker to start after the upgrade.", "error/failed"},
		{"Unfortunately, wasn't able to fix the flaky reconnect.", "error/failed"},
		{"The deploy failed: the container exits with code 137 during startup.", "error/failed"},
		{"Two specs keep failing and I couldn't work out why.", "error/failed"},
		{"After three attempts the image still won't build.", "error/failed"},
		{"I wired up the endpoint, but it isn't done yet: the auth middleware is missing.", "error/failed"},
		{"Investigated why the payment webhook failed: the signature header was missing. Added it.", "done"},
		{"Can't run the GUI on this arm64 box, so I checked the logic by reading it.", "done"},
		{"The flaky test that failed last week passes 50 times in a row now.", "done"},
		{"After you merge, if the deploy fails, roll back with `make rollback`.", "done"},
		{"Failed logins are now rate-limited to five per minute.", "done"},
		{"The container now restarts when the job fails.", "done"},
	}
	checkClassified(t, tests)
}

// TestFailureNounDenied: a determiner that denies the failure's noun
// phrase a few words before it ("no … failures remain") denies the
// failure; the same noun phrase without it is a failure.
func TestFailureNounDenied(t *testing.T) {
	t.Parallel()
	checkClassified(t, []classified{
		{"- No routine migration parse failures remain.", "done"},
		{"Zero new type errors remain after the rename.", "done"},
		{"Two migration parse failures remain.", "error/failed"},
		{"The migration parse failures remain.", "error/failed"},
	})
}

// TestPlanModeIsTheEnvironment: an agent that cannot edit because it is in
// plan mode, or in a read-only mode, waits for the human to switch it: the
// environment's limit, not a failed task.
func TestPlanModeIsTheEnvironment(t *testing.T) {
	t.Parallel()
	checkClassified(t, []classified{
		{"I'm currently in plan mode, so I can't make edits yet — switch me out of plan mode and I'll implement these.", "done"},
		{"In read-only mode I couldn't apply the patch; switch modes and I'll apply it.", "done"},
		{"I couldn't apply the patch: the hunk doesn't match the file.", "error/failed"},
	})
}

// TestOutcomeStatements: a failure stated with its subject in the agent's
// own words (a noun phrase, not code, not a determiner alone) and its verb
// in the past or the progressive is an error; the same words in the simple
// present (behaviour), in a list of findings, as a diagnosis, a relative
// clause, a scenario, under a condition that follows, put down to the
// environment or followed by what the agent did about it are not.
func TestOutcomeStatements(t *testing.T) {
	t.Parallel()
	tests := []classified{
		// An event, in the past tense.
		{"The sed failed, so that zero means nothing.", "error/failed"},
		{"Archive succeeded but export failed on account quota.", "error/failed"},
		{"The monitor timed out.", "error/failed"},
		{"Tests seem to have failed.", "error/failed"},
		{"The lease check rejected because the tracking refs are stale.", "error/failed"},
		{"Amend went through but the test invocation itself errored on flag order.", "error/failed"},
		{"The cleanup commit did get created; only the push got stuck.", "error/failed"},
		{"The build fails due to missing SPM dependencies (telemetry packages not resolved in the worktree).", "error/failed"},
		// A state at the end, in the progressive.
		{"The auto-upload in ExportOptions is failing.", "error/failed"},
		{"CI and Test workflows are failing.", "error/failed"},
		{"It's stuck on the loading screen after the first frame.", "error/failed"},
		// Does not work; a subject left out after a contrast.
		{"The naive golden harness doesn't work.", "error/failed"},
		{"The footer sed didn't work for level-2 pages because the grep check was wrong.", "error/failed"},
		{"App installed but failed to launch.", "error/failed"},
		{"The docs pages render client-side so WebFetch can't get the content.", "error/failed"},
		// Counts and refusals.
		{"2 test failures out of 693 tests.", "error/failed"},
		{"A few failed due to a linter reformat.", "error/failed"},
		{"That first patch had the wrong hunk line count, so Git rejected it before staging anything.", "error/failed"},
		{"Something is off — all these build numbers are being rejected.", "error/failed"},
		{"I couldn't reach the advisory thread; the API has no endpoint for it.", "error/failed"},
		// A state that stays, nothing that worked, a status mark.
		{"The login page is still not working after the change.", "error/failed"},
		{"The sync issue remains unresolved.", "error/failed"},
		{"I ran out of approaches for the reconnect.", "error/failed"},
		{"Nothing I tried worked: the socket still drops.", "error/failed"},
		{"Tried pinning the version, but no luck.", "error/failed"},
		{"❌ Deployment failed.", "error/failed"},
		{"This is a trace from a newer Instruments, so standard export fails.", "error/failed"},
		// Counter-cases: behaviour in the simple present.
		{"- `buildFloatJSONCondition` fails closed with `WHERE 0 = 1` on an invalid name.", "done"},
		{"It fails open when the header is absent, so API clients are unaffected.", "done"},
		{"- **No** (in-place drill-down) — simpler, but back button doesn't work and refresh blows away state.", "done"},
		// A list of validations, a relative clause, a situation.
		{"- missing `subject_token` rejected\n- wrong issuer rejected\n- plural audiences remain rejected", "done"},
		{"Attempted fixes that all failed: see the notes below.", "done"},
		{"The `lose` condition is failing to stabilize the memory before the buffer collapses.", "done"},
		// A diagnosis, a finding under its label, runs looked into.
		{"The issue is likely that the await chain is failing silently after the save.", "done"},
		{"- with_span vs do-block: tests failed because the block was passed as a keyword list.", "done"},
		{"The sampled first and last runs failed before invoking Wrangler.", "done"},
		{"5 failures, 4 root causes:", "done"},
		// Fixed or handled, resolved to an address, a scenario, a condition.
		{"My CLI repro initially failed because the segment type did not exist; the engine test proved it instead.", "done"},
		{"The local hook hung after the commit was created, so I interrupted that hook session.", "done"},
		{"Monitor timed out but the script already finished — no action needed.", "done"},
		{"After the kill, the child process errors out and returns false quickly.", "done"},
		{"So a new call site still can't get the func map without typing Trusted.", "done"},
		// Put down to credentials or the environment (the label policy), or
		// explained in a sentence after it.
		{"But the CLI needs authentication right now, so the search failed.", "done"},
		{"- web-chat service is failing to start (likely an environment/API key issue)", "done"},
		{"The health check is failing. The API key is not set on the server, which you need to add.", "done"},
		{"None of the old workarounds are needed any more; the client retries on its own.", "done"},
		{"The retry keeps the state, so the export fails only once per session if the token expires.", "done"},
		// Waiting on another task or on the user.
		{"## Blocked on you", "done"},
		{"Nothing else is blocked on it — the fixes are all done and verified.", "done"},
	}
	checkClassified(t, tests)
}

// TestOutcomeInTheMiddle: in a long message the generic outcome rules read
// only the first 2 and the last 3 lines, where agents state the outcome;
// the same sentence in the middle is a finding.
func TestOutcomeInTheMiddle(t *testing.T) {
	t.Parallel()
	lines := []string{"Summary of the review.", "", "Findings:", "- The cache layer is solid.", "- The sync job failed on large files in the old version.", "- Logging is consistent.", "- Docs are current.", "- Tests cover the parser.", "", "Nothing else to change."}
	if got := judge.Classify(strings.Join(lines, "\n")); got.Class != judge.Done {
		t.Errorf("a finding in the middle: %v (%q), want done", got, got.Why)
	}
	if got := judge.Classify("Deployed the worker.\n\nThe sync job failed on large files."); got.Class != judge.Error {
		t.Errorf("the closing line: %v (%q), want error", got, got.Why)
	}
}

// TestCodeSubjectFailures: a failure whose subject is code is read from
// the line, with the same vetoes as the sentence rules.
func TestCodeSubjectFailures(t *testing.T) {
	t.Parallel()
	tests := []classified{
		{"Implemented the handler. However, `go build ./...` is red and I don't know why yet.", "error/failed"},
		{"`TestParseDuration` still fails after the change.", "error/failed"},
		{"`TestParseDuration` is red on main too, so it is unrelated.", "done"},
		{"`TestParseDuration` was red; I fixed the unit conversion and it passes now.", "done"},
		{"The CLI now exits with an error when `config.yaml` is missing.", "done"},
		{"- If task creation succeeds but `QUEUE.send(...)` fails, the handler returns `500`.", "done"},
		{"If `npm test` fails on your machine, run `npm ci` first.", "done"},
		{"```\n$ go test ./...\n`TestX` still fails\n```\nAll green now.", "done"},
		{"> `TestX` still fails\n\nThat was the old report; it passes now.", "done"},
		{"**A) If Hermes `Intl.PluralRules` is broken for Polish** — add a custom plural rule:", "done"},
		{"The issue is likely that `touchSource` is failing silently after `savePending` succeeds.", "done"},
	}
	checkClassified(t, tests)
}

// classified is a message and the verdict Classify must give it.
type classified struct {
	text string
	want string
}

func checkClassified(t *testing.T, tests []classified) {
	t.Helper()
	for _, tt := range tests {
		if got := judge.Classify(tt.text); got.String() != tt.want {
			t.Errorf("Classify(%q) = %s (%q), want %s", tt.text, got, got.Why, tt.want)
		}
	}
}

// TestCheckErrorStates: errors of a check stated as the state the turn
// leaves — a headline, what something has or there is, what is left, what
// a check reported, what a run got, where a check fails —, a summary with
// failures, something that returned an error, a state left wrong, a list
// of results with a failure mark, a runner's result line, a bug that
// persists (session 8, written from the harvested training sentences and
// the shapes issue 22 names). Counter-cases: a count of none, a condition,
// a cause in another's code or before the change, a review heading, a
// recovery, behaviour in the simple present, a warning mark, a choice
// marked as not done, a tracker's issue, an instruction.
func TestCheckErrorStates(t *testing.T) {
	t.Parallel()
	tests := []classified{
		{"Build errors in my test file.", "error/failed"},
		{"Type error — the plugin types clash between Vite 5 and Vite 8.", "error/failed"},
		{"The component has lint errors.", "error/failed"},
		{"There are 2 type errors in the demo.", "error/failed"},
		{"The only remaining errors are in cli.ts.", "error/failed"},
		{"Two errors in my test file: `copyWith` takes a `Value<DateTime?>`.", "error/failed"},
		{"I still need to fix 3 ESLint errors.", "error/failed"},
		{"The linter found issues in the form.", "error/failed"},
		{"Clippy flagged a style issue in the new helper.", "error/failed"},
		{"I ran the focused tests and got reproducible failures:", "error/failed"},
		{"Tests fail on CI but pass locally.", "error/failed"},
		{"597 tests with 1 failure.", "error/failed"},
		{"The upload step threw an exception.", "error/failed"},
		{"The caret renders, but the measurement is still off.", "error/failed"},
		{"The dashboard is still blank.", "error/failed"},
		{"❌ Tests: 3 failed", "error/failed"},
		{"- ✅ Build\n- ❌ **Lint**: 2 errors", "error/failed"},
		{"Compilation fails.", "error/failed"},
		{"The e2e suite times out.", "error/failed"},
		{"`npm test` fails with 2 errors.", "error/failed"},
		{"It won't compile.", "error/failed"},
		{"Build: failed", "error/failed"},
		{"Result: FAIL", "error/failed"},
		{"Same error as before.", "error/failed"},
		{"Still seeing the 500 on /login.", "error/failed"},
		{"The bug persists.", "error/failed"},
		{"The flicker is still there after the change.", "error/failed"},
		{"FAILED tests/test_api.py::test_login", "error/failed"},
		{"FAIL: TestParse", "error/failed"},
		// Counter-cases.
		{"The issue remains open on GitHub.", "done"},
		{"Fail closed if the policy binding is missing.", "done"},
		{"The build fails when the cache is cold, so I warm it in CI first.", "done"},
		{"Same plugin crash — the editor's ESLint plugin, not the code.", "done"},
		{"The app won't start without `DATABASE_URL`, so I added it to `.env.example`.", "done"},
		{"Status: all checks green.", "done"},
		{"There are no lint errors.", "done"},
		{"`pnpm fix` passes with 0 errors and 0 warnings.", "done"},
		{"The linter found no issues.", "done"},
		{"If there are type errors, `tsc` prints them with their line.", "done"},
		{"All remaining errors are pre-existing, in files I didn't touch.", "done"},
		{"Test failures: pre-existing `Tsconfig not found` errors, unrelated to this change.", "done"},
		{"**Test Issue 1: DuressHandler Has Zero Tests**", "done"},
		{"The critic returned a parse error (an edge case in the JSON), but the agent self-recovered and trimmed the draft.", "done"},
		{"`isValidUrl` throws an error on a malformed URL, which the form shows.", "done"},
		{"The dot is still off-center by design: it follows the cursor.", "done"},
		{"⚠️ Build: slow on the first run", "done"},
		{"❌ Not changed: the plan, which is yours to decide.", "done"},
		{"Build errors earlier in my test file are fixed; the build passes now.", "done"},
	}
	checkClassified(t, tests)
}

// TestCheckStateInTheMiddle: a check's state in the simple present counts
// only where agents state the outcome; in the middle of a long review it
// is a finding about a plan.
func TestCheckStateInTheMiddle(t *testing.T) {
	t.Parallel()
	review := "I read all 15 plans and checked their claims against the code.\n\n" +
		"**1. The generator plan reverts the coverage fix.** Its `buildCandidates` drops the cap.\n\n" +
		"**2. The item-signals plan ships a test that contradicts its implementation.** With the given mapping the difference is 0.59. The test fails.\n\n" +
		"**3. Two plans rewrite `score.ts` with different weights.**\n\n" +
		"**4. The seasons plan names a column that does not exist.**\n\n" +
		"Fix 1 and 2 before a worker starts; 3 and 4 can wait."
	checkClassified(t, []classified{
		{review, "done"},
		{"The test fails.", "error/failed"},
	})
}

// TestStillCountedAndListedChecks: failures still counted at the start of a
// clause, checks named together that failed, something that isn't working,
// a count of errors as a headline (session 9, written from the training
// parts of the third harvest). A negation before a dash denies
// something else. Counter-cases: no count, a condition, a cause before the
// change, a recovery, a run still going.
func TestStillCountedAndListedChecks(t *testing.T) {
	t.Parallel()
	checkClassified(t, []classified{
		{"The extraction map is in. Still 401 ERROR nodes in Task.cs even with the new grammar.", "error/failed"},
		{"The parser is in, but still 3 failing tests in the SQL suite.", "error/failed"},
		{"There are still two type errors in the demo.", "error/failed"},
		{"Not ready — lint and all three test jobs failed.", "error/failed"},
		{"Build, lint and the e2e job are failing.", "error/failed"},
		{"The login button isn't working.", "error/failed"},
		{"The `responds(to:)` guard isn't working as intended.", "error/failed"},
		{"One gradient error in debug — inspect:", "error/failed"},
		// Counter-cases.
		{"Still 0 errors after the rebase.", "done"},
		{"There are still 2 errors, both pre-existing on main.", "done"},
		{"If lint and tests fail, the hook blocks the merge.", "done"},
		{"Lint and the unit tests failed at first; both pass now.", "done"},
		{"Not ready — lint and the test jobs are still running.", "done"},
		{"Build and lint failed before my change too.", "done"},
		{"Still waiting on CI; no failures so far.", "done"},
		{"If the login button isn't working, clear the site data first.", "done"},
		{"Why the login button isn't working: the handler is never bound.", "done"},
		{"The old toggle isn't working anymore, so I removed it.", "done"},
		{"One error in the log comes from the old build, which I removed.", "done"},
		{"No errors in debug.", "done"},
		{"The filenames shown don't contain \"Ge\", so the search filter isn't working properly.", "done"},
	})
}

// TestStatesLeftWrong: states a turn leaves wrong and changes that made
// things worse (session 9, written from the second draw of hv3-train2):
// still not there, still reporting a problem, still too wide, a new wrong
// state after a change, remaining issues and new errors counted, an
// approach that was wrong. Counter-cases: a doubt, no failures, a
// condition, a fix after it, a conclusion from evidence, a cause in
// another's code.
func TestStatesLeftWrong(t *testing.T) {
	t.Parallel()
	checkClassified(t, []classified{
		{"Still not in the lock file.", "error/failed"},
		{"Two issues: (1) the type is too complex, (2) cli.ts still has unused imports.", "error/failed"},
		{"Hmm, the httpx import in telegram_miniapp.py still shows undefined.", "error/failed"},
		{"The Dynamic Island is still too wide at smaller phone sizes.", "error/failed"},
		{"Adding the key made the fallback go away, but now it shows the wrong plural form.", "error/failed"},
		{"Two remaining issues: an unused constant and missing styles.", "error/failed"},
		{"7 new errors from my edits.", "error/failed"},
		{"The padding approach was wrong — it moved the title down further.", "error/failed"},
		// Counter-cases.
		{"Still not sure which of the two layouts you prefer.", "done"},
		{"Still no failures after three runs.", "done"},
		{"If it still shows undefined, restart the TypeScript server.", "done"},
		{"The sidebar was still too wide, so I fixed the breakpoint; it fits now.", "done"},
		{"The run proves GitHub rejected that specific value.", "done"},
		{"Two remaining issues are pre-existing, in files I didn't touch.", "done"},
		{"The old approach was wrong about caching, which is why I replaced it.", "done"},
	})
}

// TestOwnWorkLeftBroken: statements that the agent's own work broke
// something or left it to fix (session 10's training sentences) are
// errors; the same words about work done, kept on purpose or asked about
// are not.
func TestOwnWorkLeftBroken(t *testing.T) {
	t.Parallel()
	checkClassified(t, []classified{
		{"I need to fix the Pyright issue in the language keyboard.", "error/failed"},
		{"Need to fix the type issues in the form.", "error/failed"},
		{"Fixing that plus the remaining two errors.", "error/failed"},
		{"The extraction returned wrong output.", "error/failed"},
		{"I removed the `BackButton` import but it's still used at line 108.", "error/failed"},
		{"Real regression — good catch. My change made the first draw block on the render.", "error/failed"},
		{"My refactor introduced a regression in the parser.", "error/failed"},
		{"One edit went to the wrong spot and added a stray line break.", "error/failed"},
		{"Fixed the remaining two errors; the build is green.", "done"},
		{"`Button` is still used for Save/Cancel in edit mode, so that import stays.", "done"},
		{"I removed the old flag; the parser never used it.", "done"},
		{"If the build fails, I need to fix the Pyright issue first.", "done"},
		{"No regression: the benchmarks match main.", "done"},
	})
}

// TestFailureStatementInTheMiddle: like outcome statements, the explicit
// failure statements count on the first 2 and the last 3 lines of a
// message, where agents state a turn's outcome; in the middle of a long
// message they are history, a finding or a diagnosis.
func TestFailureStatementInTheMiddle(t *testing.T) {
	t.Parallel()
	middle := []string{"Added the retry to the uploader.", "", "What I looked at:", "The CI job failed at step 2, and every later step was skipped.", "- The cache key is stable.", "- The lockfile is current.", "- The docs match.", "", "The uploader retries three times now."}
	if got := judge.Classify(strings.Join(middle, "\n")); got.Class != judge.Done {
		t.Errorf("a failure statement in the middle: %v (%q), want done", got, got.Why)
	}
	closing := []string{"Added the retry to the uploader.", "", "What I looked at:", "- The cache key is stable.", "- The lockfile is current.", "- The docs match.", "", "The release job failed at step 2, and every later step was skipped."}
	if got := judge.Classify(strings.Join(closing, "\n")); got.Class != judge.Error {
		t.Errorf("a failure statement on the closing line: %v (%q), want error", got, got.Why)
	}
	if got := judge.Classify("The tests still fail.\n\nI changed the parser.\nThen the lexer.\nThen the printer.\nThen the docs.\nThat is all."); got.Class != judge.Error {
		t.Errorf("a failure statement on the opening line: %v (%q), want error", got, got.Why)
	}
}

// TestSettledByWhatFollows: a failure the agent says it repaired in a
// later sentence, one a later sentence puts down to a key or token the
// human must replace, are no failure left at the end of the turn (session 11, from the corpus's real final
// messages the message alone called errors; see testdata/corpus-errors.jsonl).
func TestSettledByWhatFollows(t *testing.T) {
	t.Parallel()
	checkClassified(t, []classified{
		{"CI failed because the merge broke three call sites. I've repaired it and pushed; CI is re-running.", "done"},
		{"The build failed on the new import. I fixed it in the second commit.", "done"},
		{"One thing I could not finish: the live run. The provider key returns 401, so the scenarios are unverified.", "done"},
		{"I couldn't run the smoke test. The access token is expired.", "done"},
		{"CI failed because the merge broke three call sites.", "error/failed"},
		{"One thing I could not finish: the live run.", "error/failed"},
		{"The deploy failed. I fixed the config, but the tests still fail.", "error/failed"},
		{"I couldn't fix it. The parser still rejects the input.", "error/failed"},
	})
}
