package judge_test

import (
	"strings"
	"testing"

	"github.com/stophook/stophook/judge"
)

func TestClassify(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		text string
		want string // done, error, permission or decision
	}{
		{"empty", "", "done"},
		{"done", "All 42 tests pass and the change is pushed.", "done"},
		{"shall I proceed", "The plan is in docs/plan.md. Shall I proceed?", "permission"},
		{"run the tests", "I updated the parser. Do you want me to run the tests?", "permission"},
		{"go ahead and", "The schema is ready. Should I go ahead and apply the migration?", "permission"},
		{"want me to", "Want me to pick up **task-2** next?", "permission"},
		{"plan approval", "Here is the plan:\n\n1. Add the column\n2. Backfill\n\nDoes this plan look good?", "permission"},
		{"offer statement", "The fix is drafted. Let me know if you'd like me to proceed with the migration.", "permission"},
		{"steps after the question", "Would you like me to proceed with the code review?\n\nThe review will cover:\n- deletions\n- lint", "permission"},
		{"closing emphasis", "**Shall I continue with phase 2?**", "permission"},
		{"alternatives", "Which database do you prefer, Postgres or SQLite?", "decision"},
		{"either or", "Should I skip the hook for this commit, or fix the pre-existing issues first?", "decision"},
		{"options listed", "How would you like to proceed?\n\n1. Keep the cache\n2. Drop it", "decision"},
		{"options under a lead-in", "Phase 2 is done.\n\nLet me know if you'd like me to:\n1. Continue with phase 3\n2. Test what exists first\n\nThe core feature works already.", "decision"},
		{"go-ahead that also asks for information", "Do you want me to go ahead and file the refund? If so, let me know the reason and I'll start it.", "decision"},
		{"asks for information", "I cannot reach the staging database. Can you share the connection string?", "decision"},
		{"open question", "Where should the new config file live?", "decision"},
		{"decision statement", "Both designs work. Let me know which approach you prefer.", "decision"},
		{"courtesy", "Done: the docs are updated. Is there anything else you'd like me to do?", "done"},
		{"make sense", "That is why the cache misses. Does that make sense?", "done"},
		{"or not is yes-no", "Should I commit this or not?", "permission"},
		{"question in code", "I added a prompt:\n\n```go\nask(\"Shall I proceed?\")\n```\n\nAll tests pass.", "done"},
		{"question in inline code", "The CLI now prints `Proceed?` before deleting.", "done"},
		{"rhetorical question earlier", "Why did it fail? The cache key ignored the locale.\n\nI fixed the key.\n\nThe build is green and the fix is pushed.", "done"},
		{"error", "I tried to run the migration but it failed:\n\n```\nERROR: relation \"users\" does not exist\n```\n\nThe migration could not be applied.", "error"},
		{"api error", "API Error: 529 {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\"}}", "error"},
		{"unable", "I was unable to install the dependency: the registry timed out.", "error"},
		{"fixed error", "Fixed the error in the parser; all tests pass now.", "done"},
		{"error word in code", "Added the check:\n\n```go\nreturn errors.New(\"failed\")\n```\n\nThe handler now reports bad input.", "done"},
		{"other language", "変更を保存しました。", "done"},
		// Structural questions.
		{"numbered questions", "A few things to settle before I start:\n\n1. Should the cache be per user?\n2. What TTL do you want?\n3. Any priority order for the endpoints?", "decision"},
		{"question then paragraph", "One decision to unblock the design:\n\n- **Do you want the fork to be GitHub-only in v1?**\n  Recommended: yes. It keeps auth simple and the PR flow in one place.", "decision"},
		{"options without a question mark", "I can either squash the commits or keep them separate. Your call.", "decision"},
		{"confirm to go on", "Slice 1 is committed and I stopped here. Confirm and I'll start slice 2.", "permission"},
		{"courtesy closer", "The dashboard is responsive now. Let me know what you see!", "done"},
		{"feedback after work", "I rebuilt the sign-in page. Does this look like what you had in mind?", "done"},
		{"offer after the work", "I think cyan's the right call, but say the word and I'll try white or anything else.", "done"},
		{"short yes-no ask", "Tutorial: No link, no record. Try again.\n\nGo with those?", "permission"},
		{"good to go", "That's my plan. Only flag if you don't want camera control. Good to go?", "permission"},
		{"or leave it", "One leftover: the old CSS is now dead. Want me to strip it, or leave it?", "permission"},
		{"or just keep it", "Do you want me to also add screenshots to the README, or just keep it text-only?", "permission"},
		{"look first or go", "It's uncommitted. Want to preview it first before I commit, or should I commit and push now?", "permission"},
		{"or in parentheses", "Net: one subsection rewrite. Want me to apply it (and commit alongside, or as its own commit)?", "permission"},
		{"one of the options", "Want me to lock the intro and one of the sign-offs, and then put them in? Pick the sign-off and I'll wire it.", "decision"},
		{"ask above a signature", "Phase 1 is complete.\n\n**Timeline:** Ready to proceed when you are\n\n---\n\n**Created by:** Claude\n**Source:** the retrospective", "permission"},
		{"ask above a postscript", "The plan is sound. Shall I land the implementation?\n\n— Barney\n\n*P.S. Thanks for the clear letter.*", "permission"},
		{"reply with one of two words", "Files touched:\n\n- `src/a.tsx`\n- `src/b.tsx`\n\nReply **\"go\"** to ship, or **\"go + manual\"** if you want me to also draft the manual.", "decision"},
		{"paste it now", "You chose to share the connection string — please paste it now.\n\nOnce you paste it, I'll apply the migration.", "decision"},
		{"tell me once it is saved", "The string still has the placeholder, so I can't connect yet.\n\nTell me once it's saved and I'll pick it up from `.env.local`.", "decision"},
		// Session 6, third wide sets: a go-ahead by its structure.
		{"yes-no answers offered", "**PR title:** fix(i18n): add plural forms\n\n**Create draft PR? (Yes / No)**", "permission"},
		{"bare imperative ask", "Pre-existing tsconfig failures, unrelated. Waiting for your answer: **Commit, push, and update PR?**", "permission"},
		{"imperative do it", "I'd recommend upgrading to v3 now. Do it?", "permission"},
		{"a label before the question is no verb", "Update: is the old flag still needed?", "decision"},
		{"ready to act if you'd like", "All 42 tests pass, types clean. Ready to commit if you'd like.", "permission"},
		{"ready when you are", "The migration is written and reviewed.\n\nReady when you are.", "permission"},
		{"say yes and I'll", "The branch is rebased. Say yes and I'll open the PR.", "permission"},
		{"green light", "Everything's in place for the launch. Give me the green light and I'll flip the flag.", "permission"},
		{"once you're happy with it", "The draft is ready for review. Once you're happy with it, I'll publish.", "permission"},
		{"let me know when I can start", "Plan:\n1. Add the model\n2. Add the API\n\nLet me know when I can start.", "permission"},
		{"let me know if I should", "The fix is staged. Let me know if I should proceed.", "permission"},
		{"review before I go on", "Please review the prototype page in your browser and let me know if you'd like any changes to the design, content, or layout before I build the other eight pages.", "permission"},
		{"assent between two courses", "Say yes and I'll use Postgres, or tell me to stay on SQLite.", "decision"},
		{"information, not assent", "Give me the staging URL and I'll test it there.", "decision"},
		{"feedback then a real question", "Does this grouping look right to you? Also — what's the dependency in that commit for? That'll help me assign it.", "decision"},
		{"a second course is no feedback", "Are these warnings expected, or should I fix them?", "decision"},
		{"feedback or a tweak", "I rebuilt the sign-in page. Does this look right, or should I tweak the colours?", "done"},
		{"lead-in then a go-ahead", "The branch is green. What do you think — should I merge it?", "permission"},
		{"how about I", "The parser is done. How about I add tests for the edge cases next?", "permission"},
		{"any objection", "Any objection to me merging this?", "permission"},
		{"mind if I", "The helper has the same smell. Mind if I refactor it too?", "permission"},
		{"interested", "I could also add caching. Interested?", "permission"},
		{"unless you object", "I'll go ahead and merge it unless you object.", "permission"},
		{"if that works", "Let me know if that works and I'll push.", "permission"},
		{"if that's fine with you", "If that's fine with you, I'll commit.", "permission"},
		{"happy to if you're good with it", "Happy to push this if you're good with it.", "permission"},
		{"hold until you confirm", "I'll hold here until you confirm.", "permission"},
		{"need your go-ahead", "I need your go-ahead to run the migration on prod.", "permission"},
		{"once you've reviewed it", "The plan is written to docs/plan.md. Once you've reviewed it, I'll start implementing phase 1.", "permission"},
		{"once you've done a human step", "Add the DNS record above. Once you've added it, I'll verify the domain.", "decision"},
		{"a go-ahead as the last list item", "- Updated the config\n- Added tests\n- Want me to push?", "permission"},
		{"numbered questions stay a decision", "Two questions before I continue:\n\n1. Should deleted users keep their posts?\n2. What should happen to their uploads?", "decision"},
		{"or will you take it", "Want me to do the browser verification, or are you taking it from here?", "permission"},
		{"question after the options", "Two ways to check it:\n\n- **You:** sign up on the live site\n- **Me:** call the confirm route directly\n\nWant me to run that check now, or are you going straight to the deploy?", "permission"},
		{"yes lacks what is needed", "Want me to do a click-through against your live URL (I'd need the Vercel URL), or are you considering this wrapped up?", "decision"},
		{"colon before a list", "Here is what changed:\n\n- the parser\n- the CLI", "done"},
		// Permission asks whose alternative only changes or delays the work.
		{"or do it differently", "Proposed commits are listed above. Want me to commit these four, or bundle differently?", "permission"},
		{"or enough for now", "Medium-size feature. Want me plan implementation, or analysis enough for now?", "permission"},
		{"or more edits first", "The reply is drafted above. Post to issue #7714, or want more edits first?", "permission"},
		{"or a tweak", "I'd go with the first one. Want that, or a tweak?", "permission"},
		{"or happy to leave it", "Want me to re-open that, or are you happy to leave the end screen for now?", "permission"},
		{"commit or preview first", "All the changes are uncommitted together. Commit and push, or preview first?", "permission"},
		{"eyeball before commit", "Want to eyeball it before I commit, or commit and push now?", "permission"},
		{"good to implement", "My pick is the first line for both. Good to implement with those?", "permission"},
		{"ask after a dash", "Only `src/svg` is modified. Nothing committed yet — want this as its own commit?", "permission"},
		{"on your go", "The template half remains as analyzed. Ready to implement on your go.", "permission"},
		{"say go", "Next up per the plan is Phase 1. Say go and I'll plan it the same way.", "permission"},
		{"remove either", "Want me to remove either, and note in memory not to use it anymore?", "permission"},
		{"looks right then commit", "The diff is above. If that looks right, I'll commit it.", "permission"},
		{"let me know and I'll", "Everything is staged. Let me know and I'll push it.", "permission"},
		{"holding off until", "I'll hold off on the migration until you confirm.", "permission"},
		{"whenever you're ready", "I can start on the migration whenever you're ready — just let me know.", "permission"},
		{"problem then let me know", "Fixed the login bug. If you hit any issue, let me know and I'll fix it.", "done"},
		{"push when ready is the human's", "The commit is local on next; push whenever you're ready.", "done"},
		{"invitation to look", "The migration ran cleanly and all 48 tests pass. Want to take a look at the new dashboard?", "done"},
		{"look first or commit", "Want to see it first, or should I commit now?", "permission"},
		{"or sit with it first", "Want me to implement it, or do you want to sit with it first?", "permission"},
		{"or still deciding", "Should I build it, or are you still deciding?", "permission"},
		{"or do it yourself", "Want me to go ahead, or would you rather do it yourself?", "permission"},
		{"now or later", "Want me to apply this now or later?", "permission"},
		{"or after you've played it", "Want me to make that change now, or after you've played it?", "permission"},
		{"open the PR", "The description is drafted. Open the PR now?", "permission"},
		{"open question", "Open question: should the admin role be able to delete users?", "decision"},
		{"or change it to something else", "Want me to keep the gold, or change it to red?", "decision"},
		{"or try another approach", "Want me to use Redis here, or try another approach?", "decision"},
		{"or changes first", "Want me to apply it, or do you want changes to it first?", "permission"},
		{"what next is courtesy", "The level is done. Let me know what you want to tackle next.", "done"},
		{"where from here is courtesy", "All three screens are wired. Where do you want to go from here?", "done"},
		// Decisions: open questions, choices made elsewhere in the closing.
		{"open question with a hold-off", "What would you like to change — should I apply the fixes myself, adjust the scope, or hold off?", "decision"},
		{"go-ahead after an open choice", "## Open question\n\nBundle the DoS funcs into the same fix, or file separately?\n\nGo ahead on the 2-group fix?", "decision"},
		{"decide what to do", "Want me to do the reader fix now, and separately decide what to do about the filler edge case?", "decision"},
		{"worth deciding", "Two things worth deciding before you close out — want me to do either now?\n\n- Commit or revert the recolor\n- Add `.codex/` to `.gitignore`", "decision"},
		{"say which", "Say which granularity and what to do with the harness, and I'll rebase.", "decision"},
		{"say the word or another course", "I'd want your explicit nod before it goes in a commit — say the word and I'll commit, or back it out and find another way.", "decision"},
		{"numbered questions above an offer", "Open calls:\n\n1. JS renderer or WASM?\n2. Blog: fold into Community, or retire?\n\nPhase 0 is independent of which direction you pick. Say the word and I'll plan it.", "decision"},
		{"options heading", "Here is why.\n\n## Your options for the status segment\n\n1. Accept it\n2. Use closer stops\n3. Solid color\n\nThis is the documented limitation.", "decision"},
		{"your call if you want those", "All 3 bugs fixed. Two lower-severity items left as-is, your call if you want those too.", "done"},
		{"offer with its steps", "Found two issues.\n\nIf you want, I can patch these now by:\n1) rejecting metacharacters,\n2) adding `.git` deny checks.", "done"},
		// Reports that name a failure but are no failure of the task.
		{"no blocking issue found", "I did not find a blocking issue with the new response handling; that path now throws correctly.", "done"},
		{"static review only", "Findings are above. I couldn't run the test suite due a local Node/npm runtime issue, so this is static review only.", "done"},
		{"quoted copy", "A tighter briefing could be:\n\n1. “Pilot, the records are back online, but the ship is still broken.”\n\nThat reads like the other levels.", "done"},
		// Failure statements: first person, tense, negation, topic.
		{"verification gap", "No blocking issues found.\n\nI couldn't run tests locally because this environment has Node `v14.16.0` while the repo requires `>=20`.", "done"},
		{"failure as topic 1", "Blocked requests now get a 403 with a clear message.", "done"},
		{"failure as topic 2", "Tests failed on main before this change; my branch is green.", "done"},
		{"failure as topic 3", "The deployment failed last week because of the expired cert — I renewed it and redeployed, it is live now.", "done"},
		{"failure as topic 4", "I encountered an error in the CSV parser and fixed it; all 40 tests pass.", "done"},
		{"failure as topic 5", "That didn't fix it at first, so I changed the cache key; now the page renders.", "done"},
		{"failure as topic 6", "The script errors out when the file is missing, so I added a check.", "done"},
		{"failure as topic 7", "Ran the suite: 45 passed, 0 failed.", "done"},
		{"failure as topic 8", "The retry logic handles the case where the request failed with status code 503.", "done"},
		{"failure as topic 9", "Something went wrong in the webhook handler when the payload was empty, so I added a guard and a test.", "done"},
		{"failure as topic 10", "I haven't found any other uses of the old API.", "done"},
		{"failure as topic 11", "The build timed out once on CI; the rerun passed.", "done"},
		{"failure as topic 12", "This explains why the deploy failed: the token had expired. I rotated it and the deploy went through.", "done"},
		{"failure as topic 13", "I added handling for when the command times out or the build did not finish.", "done"},
		{"failure as topic 14", "Unfortunately the API doesn't support batch deletes, so I loop over the items; the tests pass.", "done"},
		{"failure as topic 15", "Fixed: the login page error was a missing env var.", "done"},
		{"failure as topic 16", "The error message now says which field failed validation.", "done"},
		{"failure as topic 17", "Tests: 3 failed before the fix, all 48 pass now.", "done"},
		{"failure statement 18", "Unfortunately, the migration failed halfway: the `orders` table is locked.", "error"},
		{"failure statement 19", "Unfortunately I wasn't able to get the e2e suite passing; `checkout.spec.ts` times out on CI.", "error"},
		{"failure statement 20", "Blocked by a missing `STRIPE_KEY`: I can't run the payment tests until it is set.", "error"},
		{"failure statement 21", "Blocked: the staging database is down, so nothing was deployed.", "error"},
		{"failure statement 22", "Tests failed: 3 of 48 in `auth_test.go`.", "error"},
		{"failure statement 23", "Deployment to staging failed with a 502 from the load balancer.", "error"},
		{"failure statement 24", "I encountered an error while writing `config.yaml`: permission denied.", "error"},
		{"failure statement 25", "I ran into an error I couldn't resolve: `cargo build` fails with E0432.", "error"},
		{"failure statement 26", "That didn't fix it — the page still shows a blank screen.", "error"},
		{"failure statement 27", "The fix didn't resolve the issue; requests still time out after 30 s.", "error"},
		{"failure statement 28", "`pnpm install` errors out with ERR_PNPM_LOCKFILE_BREAKING_CHANGE, so nothing was installed.", "error"},
		{"failure statement 29", "45 passed, 3 failed. The failures are in the new parser cases.", "error"},
		{"failure statement 30", "I wasn't able to finish the refactor: the type checker reports 14 errors in `api/`.", "error"},
		{"failure statement 31", "The task could not be completed because the repository is read-only.", "error"},
		{"failure statement 32", "I'm sorry, but I couldn't complete this: the build keeps failing on the arm64 target.", "error"},
		{"failure statement 33", "The app crashes on launch with `EXC_BAD_ACCESS`; I haven't found the cause yet.", "error"},
		{"failure statement 34", "I made the change, but the login flow is still broken.", "error"},
		{"failure statement 35", "Something went wrong while applying the patch, and the file was left unchanged.", "error"},
		{"failure statement 36", "✕ [API Error: got status: 429 Too Many Requests]", "error"},
		{"failure statement 37", "Request failed with status code 500.", "error"},
		{"failure statement 38", "I was not able to push: the remote rejected the commit (pre-receive hook declined).", "error"},
		{"failure statement 39", "The command timed out after 10 minutes and the build did not finish.", "error"},
		{"failure statement 40", "Still getting the same `ECONNREFUSED` error when the app starts.", "error"},
		{"failure statement 41", "Despite several attempts, the Docker image still fails to build.", "error"},
		{"failure statement 42", "Net: the fix is in, but 2 tests are still red.", "error"},
		{"couldn't get it working", "I couldn't get it working: the linker still fails on libssl.", "error"},
		{"haven't fixed it", "I haven't fixed it yet; the race shows up one run in ten.", "error"},
		{"fixed some of them", "Fixed 3 of 4 failing tests; `TestParse` still fails on the unicode case.", "error"},
		{"ci is red", "Pushed the branch, but CI is red on the lint job.", "error"},
		{"push rejected", "Push rejected: the remote has commits I don't have.", "error"},
		{"blocked", "I'm blocked on the missing API key for the staging environment.", "error"},
		{"failure as a topic", "This should resolve the `Cannot read properties of undefined` error you saw.", "done"},
		{"explaining a past failure", "The webhook failed because the secret was rotated; I updated it and it passes now.", "done"},
		{"negated", "No tests fail any more, and the build is green.", "done"},
		{"pre-existing", "Two tests still fail, but they are pre-existing failures on main.", "done"},
		{"hypothetical", "If the build still fails on your machine, run `make clean` first.", "done"},
		{"failure words in code", "Added the check:\n\n```go\nif err != nil {\n\treturn errors.New(\"tests still fail\")\n}\n```\n\nThe handler reports bad input now.", "done"},
		{"quoted output", "You asked about this line:\n\n> Error: the build still fails\n\nIt comes from the old CI config, which I removed.", "done"},
		// Forms added with the wide sets (written here, not taken from them).
		{"waiting on another's work", "Both screens are stubbed. The API client hasn't been generated yet, so I can't run the widget tests; I'll pick them up when it lands.", "done"},
		{"or are you done", "The preview server stopped. Should I start it again? Or are you done with it for now?", "permission"},
		{"any of the options", "Two follow-ups would help:\n\n- a retry on timeouts\n- a metrics endpoint\n\nWant me to add any of these?", "decision"},
		{"heading that asks titles what follows", "The fix is merged.\n\n### Want to ship it?\n\nRun the release workflow from the Actions tab:\n\n```bash\ngh workflow run release.yml\n```", "done"},
		{"ready whenever you are", "The migration script is written and dry-run clean. Ready to run it whenever you are.", "permission"},
		{"back to the earlier task", "Branch pushed. Now — back to the flaky upload test?", "permission"},
		{"a relative which is no options", "The worker retries three times, which is enough because:\n\n- jobs are idempotent\n- the queue keeps them for a day", "done"},
		{"i can in a lead-in that offers nothing", "Everything I can check from here is done:\n\n- routes\n- templates\n\nThe deploy job picks it up on the next push.", "done"},
		{"offer of one of the listed", "Done with the audit. If you want, I can next do one of these:\n\n1. fix the two lint rules\n2. add the missing tests", "decision"},
		{"request only if trouble persists", "The cache is cleared and the page is rebuilt. If you still see the old logo, let me know which browser you use.", "done"},
		{"quoted question is no ask", "The copy should nudge the player, not quiz them. Not:\n\n> \u201cWhich of these answers is right?\u201d", "done"},
		{"russian want me to", "Миграция готова. Хочешь, чтобы я закоммитил и запушил?", "permission"},
		{"russian or", "Есть два варианта: Redis или Memcached. Какой выбрать?", "decision"},
		{"german shall I", "Die Tests laufen durch. Soll ich den Branch pushen?", "permission"},
		{"spanish want me to", "Los tests pasan. ¿Quieres que haga el commit?", "permission"},
		{"approve the edit", "The test still expects the old message. Can you approve the edit to user.spec.ts so I can fix it?", "permission"},
		{"please approve", "I need permission to edit the spec file. Please approve the edit and I'll update the expectation.", "permission"},
		{"portuguese approve", "Preciso de permissão para editar o arquivo. Pode aprovar a edição para eu corrigir o teste?", "permission"},
		{"japanese shall I", "テストはすべて通りました。コミットしましょうか？", "permission"},
		{"japanese which", "方式は二つあります。どちらにしますか？", "decision"},
		{"japanese courtesy", "修正しました。他に何かありますか？", "done"},
		{"chinese want me to", "测试都通过了。要我提交吗？", "permission"},
		{"chinese or", "两种都可以：用 Redis 还是 Memcached？", "decision"},
		{"korean shall I", "테스트가 모두 통과했습니다. 커밋할까요?", "permission"},
		{"embedded which in the offer", "Both libraries work offline. Want me to read your build setup and suggest which fits?", "permission"},
		{"confirm the plan", "Scope: move the handler, drop the shim, keep the port.\n\nConfirm — drop the shim outright, no flag? I'll open a draft PR after.", "permission"},
		{"bare go", "Proposed: apply the two fixes as one commit, then squash-merge.\n\nGo?", "permission"},
		{"keep this PR focused is a course", "Want me to add the formula to this PR, or keep this PR small and do the formula in a follow-up PR next week?", "decision"},
		{"keep it as is", "Want me to rename the flag, or just keep it as it is?", "permission"},
		{"structure before going on", "The two workflows stay separate. Does this structure look right before I write the version logic?", "permission"},
		{"tell me when it's there", "I still can't read the icon. Save it to ~/Desktop and let me know when it's there.", "decision"},
		{"chinese or you try it yourself", "model.py 的思路就是这些。需要我直接写，还是你自己先试试？", "permission"},
		{"chinese or you do it yourself", "测试框架搭好了。要我来写测试，还是你想自己动手？", "permission"},
		{"chinese or another course", "数据部分完成了。需要我接着写 model.py 还是 loss.py？", "decision"},
		{"chinese or a second task", "模型跑通了。要我继续优化性能，还是先做部署脚本？", "decision"},
		{"japanese or yourself", "設計はこの通りです。テストを書きましょうか？それともご自身で書きますか？", "permission"},
		{"japanese or another course", "設計はこの通りです。テストを書きましょうか？それともドキュメントを先に書きましょうか？", "decision"},
		{"chinese offer with a question word", "训练脚本可以运行了。要我帮你看看哪个学习率更合适吗？", "permission"},
		{"chinese offer to explain how", "代码写好了。需要我解释一下这个函数是怎么工作的吗？", "permission"},
		{"chinese open which", "两个配置都能用。你想用哪个配置？", "decision"},
		{"chinese how do you want me to", "还有三个警告。要我怎么处理这些警告？", "decision"},
		{"or after a go-ahead is a course", "The schema is ready. Want me to add the migration now? Or would you rather ship the schema change in its own PR first?", "decision"},
		{"or after a go-ahead in chinese", "第一步完成了。要我现在提交吗？或者你想先把文件移到 src/ 下，我再一起提交。", "decision"},
		{"or after a go-ahead that only delays", "The fix is staged. Want me to push it? Or leave it for now.", "permission"},
		{"or after a go-ahead in chinese, yourself first", "第一步完成了。要我现在提交吗？或者你想先自己看看。", "permission"},
		{"korean or yourself", "설계는 이렇습니다. 테스트를 작성할까요? 아니면 직접 하시겠어요?", "permission"},
		{"korean or another course", "설계는 이렇습니다. 테스트를 작성할까요? 아니면 문서를 먼저 작성할까요?", "decision"},
		{"chinese options under a full-width colon", "数据加载写好了。接下来有两个方向，选一个：\n\n1. 我继续写 model.py\n2. 我先补测试脚本", "decision"},
		{"japanese options under a full-width colon", "データの読み込みは完了です。次はどちらか選んでください：\n\n1. モデルを書く\n2. テストを書く", "decision"},
		{"chinese list of changes is no choice", "已完成的改动：\n\n1. 修复了路径\n2. 加了测试", "done"},
		{"cursor reproduction steps", "I added logging around the loader.\n\n<reproduction_steps>\n1. Run `npm start`\n2. Open the page and click Save\n3. Press Proceed when done\n</reproduction_steps>", "decision"},
		{"reproduction steps as a heading", "Fixed the crash on save.\n\nReproduction steps:\n1. Run `npm start`\n2. Click Save", "done"},
		{"interview question", "**Question 3 of 5:** Settings location. Two ways to keep them:\n\n- **A)** a TOML file beside the binary\n- **B)** environment variables only\n\nMy recommendation: **A**, it survives restarts.", "decision"},
		// Session 7 (wide5-train and the tuning pool of its sessions).
		{"second course that reworks the draft", "The post is drafted.\n\nWant me to trim it to a shorter variant, or adjust the tone (more technical / more story-driven)?", "decision"},
		{"adjust anything first", "The branch is ready. Want me to commit it, or adjust anything first?", "permission"},
		{"read the plans first", "Both plans are written. Want me to start executing plan 1, or would you rather read the plans first?", "permission"},
		{"other work first", "Both plans are written. Want me to start executing plan 1, or would you rather tackle the smaller bugs first?", "decision"},
		{"or leave everything running", "The branch is merged. Want me to delete it and stop the services, or leave everything running?", "permission"},
		{"or are you keeping them", "The docs are ignored now. Want the config files ignored too, or are you keeping them in git?", "permission"},
		{"keep one thing and do another", "The cache is stale. Want me to drop the cache, or keep the cache and add an index to it?", "decision"},
		{"or is it enough", "The guard moved. Want me to add a comment on it, or is the existing comment there already enough?", "permission"},
		{"or is something else better", "The guard moved. Want me to add a comment on it, or is a test the better place for the reasoning?", "decision"},
		{"chinese or settle first", "架构选型写好了。要不要我把它作为一个小节补进 README？或者你更想先确认一下再写？", "permission"},
		{"chinese or keep as a backup", "精简版重写好了。要我同步更新完整版吗？还是你打算以精简版为准、完整版留着备份？", "permission"},
		{"chinese or another task first", "精简版重写好了。要我先写测试吗？还是你想先做数据库迁移？", "decision"},
		{"aside after the ask", "PR #9 is clean. Want me to also start the dev server so it's ready, or leave it?\n\nFor the record, that was a Postgres collation bump from an ICU update between sessions, a known local gotcha; the volume reset is the clean fix when the data isn't precious.", "permission"},
		{"aside after a choice", "Which port should the server use, 8080 or 3000?\n\nAlso: the old container is still running on the default port and will keep it busy until you stop it with docker compose down in the repo root.", "decision"},
		{"aside after finished work", "I fixed the flaky test and pushed the branch.\n\nAlso: the staging deploy is still running and should finish in about ten minutes; nothing else needs doing on your side today at all.", "done"},
		{"feedback question then if yes", "The flow is: sign in, pick a style, capture three items.\n\nDoes this match what you had in mind? If yes, I'll write it up as a spec and then a plan.", "permission"},
		{"feedback question then if not", "The cache key ignored the locale, so the lookups missed.\n\nDoes that help? If not, I can dig further into the loader.", "done"},
		{"choice then if so", "The export works. Do you want it in CSV or JSON too? If so, I'll add it.", "decision"},
		{"changes first after a go-ahead", "The screen mockup is final. Say go and I'll build it in React. Anything you'd tweak first?", "permission"},
		{"changes first alone", "I finished the screen mockup and checked it on mobile. Anything you'd tweak first?", "decision"},
		{"plan mode has to come off", "That's the complete plan, with every open question decided.\n\nTo actually start work, plan mode has to come off; the first step then is copying it to docs/plans.", "permission"},
		{"plan mode mentioned after work", "I implemented the split after you exited plan mode, and the tests pass.", "done"},
		{"once you're happy", "The design is in docs/design.md. Please give it a read and let me know if you want any changes. Once you're happy, I'll turn it into an implementation plan.", "permission"},
		{"changes invited after work", "The design is in docs/design.md. Let me know if you want any changes.", "done"},
		{"options then a pick and a go-ahead", "Which part should I start with? Options:\n\n- the dataset survey\n- the MinIO and Postgres services\n- the download script\n\nI'd start with the services, so the script writes to storage from day one. Say go and I'll begin.", "permission"},
		{"options then a pick only", "Which part should I start with? Options:\n\n- the dataset survey\n- the MinIO and Postgres services\n- the download script\n\nI'd start with the services, so the script writes to storage from day one.", "decision"},
		{"options then a go-ahead only", "Which part should I start with? Options:\n\n- the dataset survey\n- the MinIO and Postgres services\n- the download script\n\nSay go and I'll begin.", "decision"},
		{"chinese options then a pick and a go-ahead", "README 写好了。接下来先做哪部分？可选：\n\n- 数据集调研\n- 搭 MinIO 和 PostgreSQL\n- 写下载脚本\n\n我的建议是先搭服务再写脚本。要的话我就开工。", "permission"},
		{"chinese options only", "README 写好了。接下来先做哪部分？可选：\n\n- 数据集调研\n- 搭 MinIO 和 PostgreSQL\n- 写下载脚本", "decision"},
		{"go-ahead under open questions in a list", "Two questions before I start:\n\n1. Should the cache be per user?\n2. What TTL do you want?\n\nWant me to start on the migration meanwhile?", "decision"},
		{"go-ahead under a list of done work", "Done:\n\n1. Added the column\n2. Backfilled the rows\n\nWant me to push the branch?", "permission"},
		{"go-ahead under answered questions", "Your questions:\n\n- Should the cache be per user? Yes, keyed by user id.\n- Does it expire? After an hour.\n\nWant me to push the branch?", "permission"},
		{"go-ahead under an open decision", "The audit is filed as an epic.\n\n**Open decision:** whether the auth bypass goes to a private advisory or a public issue.\n\nWant me to file the remaining issues now?", "decision"},
		{"skip it and do another", "Task 8 is merged. Want me to start #9, or skip it and go to #10?", "decision"},
		{"skip it for now", "Task 8 is merged. Want me to start #9, or skip it for now?", "permission"},
		// wide6-train.
		{"say the word about the work", "PR #16 is green and mergeable. It's ready to merge whenever you want — just say the word.", "done"},
		{"say the word about an action of the agent", "I haven't changed any priorities — if you'd like me to set WEB-4 to Urgent anyway, just say the word.", "permission"},
		{"or should they stay", "Want the citations shortened too, or should they stay as full paths for traceability?", "permission"},
		{"or should they move", "Want the citations shortened too, or should they move to a footnote?", "decision"},
		{"or seed them yourself", "Want me to scaffold the two docs, or would you rather seed them yourself first?", "permission"},
		{"feedback or change before the plan", "Most commits should produce no entry. Does that match what you want, or would you tighten the criteria further before I lock it into the plan?", "permission"},
		{"change that is another course", "Most commits should produce no entry. Want me to lock the criteria into the plan, or would you tighten them and rerun the survey?", "decision"},
		{"needs input label", "Everything else is staged and ready to run.\n\nneeds input:\nA new API key in env.sh — the old one is revoked, so added credits don't help.", "decision"},
		{"blocked until the human acts", "The commit failed at signing: the 1Password agent has no identities loaded. Let me know once 1Password is unlocked and I'll pick right back up.", "decision"},
		{"blocked and says so", "The commit failed at signing: the 1Password agent has no identities loaded, so I couldn't commit.", "error"},
		{"once it is unlocked let me know", "Your work is staged and the tests pass. Once 1Password is unlocked, let me know and I'll finish the commit and open the PR.", "decision"},
		{"needs a key from the human", "The key in env.sh is revoked. I need a genuinely new API key written to env.sh. Once it's there, say the word and I'll run the evals.", "decision"},
		// Session 8: go-aheads by structure, written for the forms of
		// several agents (terse, elliptical, subjectless), each with a
		// counter-case.
		{"bare keep going", "Phase 1 is complete.\n\nKeep going?", "permission"},
		{"bare force-push", "The branch is rebased on main.\n\nForce-push it?", "permission"},
		{"keep going or switch", "Phase 1 is complete. Keep going, or switch to the API work?", "decision"},
		{"next part of the work", "That covers the backend. Frontend next?", "permission"},
		{"which part next", "That covers the backend. Which part next?", "decision"},
		{"want it done", "The fix is ready on the branch.\n\nDo you want this merged now?", "permission"},
		{"want it one way or another", "The fix is ready on the branch.\n\nDo you want this merged now or kept as a draft?", "decision"},
		{"want it kept is no causative", "Do you want the old column or the new one?", "decision"},
		{"would it help if I", "The rows predate the schema. Would it help if I wrote a migration script for them?", "permission"},
		{"would it help if you", "I can't reproduce it. Would it help if you shared the logs from the failing run?", "decision"},
		{"sound like a plan", "I'd port the three screens first, then the API. Sound like a plan?", "permission"},
		{"feedback that asks to start", "The spec is written. Does it look good to start implementing?", "permission"},
		{"feedback after a lead-in", "Done — does this look right to you?", "done"},
		{"lead-in then a go-ahead", "The plan is in place — does it look good?", "permission"},
		{"need your go-ahead without I", "Everything is ready for the deploy. Just need your go-ahead.", "permission"},
		{"need your input without I", "Everything is ready for the deploy. Just need your input on the region.", "decision"},
		{"holding off until you confirm", "Holding off on the push until you confirm.", "permission"},
		{"holding off until you name one", "Holding off on the push until you tell me which remote to use.", "decision"},
		{"waiting on your go-ahead", "The release is staged. Waiting on your go-ahead.", "permission"},
		{"approve and I'll", "The plan is above. Approve and I'll continue.", "permission"},
		{"say when and I'll", "The PR is green. Just say when and I'll merge it.", "permission"},
		{"I can now if that works", "I can start on the refactor now if that works for you.", "permission"},
		{"I can if you'd like", "I can also add tests for the parser if you'd like.", "done"},
		{"ready for the next part when you are", "Phase 2 is merged. Ready for the next phase when you are.", "permission"},
		{"ready is a status", "Phase 2 is merged and ready for review.", "done"},
		{"go on unless you object", "Tests pass. I'll go ahead and merge unless you have concerns.", "permission"},
		{"steps of the one proposal", "I traced the leak to the cache map.\n\nShould I go ahead and fix it? Here's what I'd change:\n\n- evict entries on close\n- cap the map at 10k entries\n- add a metric for evictions", "permission"},
		{"options under a question", "I traced the leak to the cache map.\n\nHow should I fix it? Options:\n\n- evict entries on close\n- cap the map at 10k entries", "decision"},
		{"want me to, then a paragraph", "Fixed the flaky test.\n\nWant me to commit this?\n\nThe remaining warnings come from the vendored code, which we don't control; suppressing them would need a config change in the linter settings that affects every package in the repo.", "permission"},
		{"bare confirm at the end", "Ready to go — just confirm.", "permission"},
		{"confirm what", "Ready to go — please confirm which region you want.", "decision"},
		{"or take a break", "Want me to tackle #12 next, or take a break here?", "permission"},
		{"or another task", "Want me to tackle #12 next, or #14 first?", "decision"},
		// wide8-train (entireio/entire-sem, teslamint/entirecontext).
		{"or pause while it runs", "WP5 is done. Want me to keep going with WP6, or pause here while the run continues?", "permission"},
		{"or another slice while it runs", "WP5 is done. Want me to keep going with WP6, or take WP4 while the run continues?", "decision"},
		{"or leave it to you", "Want me to run the full benchmark now, or leave the full run to you?", "permission"},
		{"or hand it to a teammate", "Want me to run the full benchmark now, or hand it to the CI job?", "decision"},
		{"let me know whether to act", "The WP1 work is complete. Let me know whether to commit and continue into the next phase.", "permission"},
		{"let me know whether one or the other", "The WP1 work is complete. Let me know whether to commit it or keep it as a draft.", "decision"},
		{"continue with one of those, or review first", "I can go into WP5 or WP4 next. Want me to continue with one of those, or would you like to review these 8 commits first?", "decision"},
		{"continue, or review first", "WP5 is next. Want me to continue with it, or would you like to review these 8 commits first?", "permission"},
		{"reply with a quoted assent", "The sandbox blocks the command. Please reply \"I approve outside-sandbox access,\" and I'll retry it.", "permission"},
		{"reply with information", "The sandbox blocks the command. Please reply with the trail number and I'll retry it.", "decision"},
		{"please run and paste", "The CLI can't reach your login. Please run and paste the output of:\n\n```sh\nentire trail show 10\n```\n\nWith that metadata I can review the commits.", "decision"},
		{"reply to approve, Korean", "리뷰 결과는 반영했습니다.\n\n현재 **Design 게이트에서 사용자 승인 대기 중**입니다. \"승인\"이라고 답변해주시면 Plan 단계로 진행합니다.", "permission"},
		// wide9-train (committed sessions of seven repositories).
		{"or keep it as specified", "The draft leans on the sales figures. Want me to rewrite the summary to weigh both, or keep the sales-led framing as specified?", "permission"},
		{"or keep it, then change it", "Want me to rewrite the summary to weigh both, or keep the framing and add a second chart?", "decision"},
		{"or leave it unchanged", "Want me to move the helper into utils, or leave the module unchanged?", "permission"},
		{"can you run, colon", "The container has no git identity. Can you run:\n\n```bash\ngit config user.name \"Ada\"\n```\n\nThen I'll commit.", "decision"},
		{"could you check, colon, then a paragraph", "The script may run without your shell profile. Could you check:\n\n```bash\nenv | grep -i proxy\n```\n\nIf the variable is missing there, the profile is the cause and the fix is to export it in the script itself, which I can do next.", "decision"},
		{"instructions with a colon are not a request", "The deploy script is ready. To deploy, run:\n\n```bash\nmake deploy\n```", "done"},
		{"can you see, colon, in the body", "Can you see the two paths here:\n\n```go\nfoo()\n```\n\nThe first one was never reached, so I removed it and the tests pass.", "done"},
		{"question branching on the answer", "The new profile should start cleanly:\n\n```bash\ncolima start --profile dev\n```\n\nDid that print the warning again? If so, an old profile with that name is left over. Check with:\n\n```bash\ncolima list\n```\n\nIf a stale profile is listed, delete it first:\n\n```bash\ncolima delete --profile dev\n```", "decision"},
		{"question answered on the next line", "I traced the slow page to the loader.\n\nDid that change the output?\n\nNo: the cache was never read on this path, so the fix goes in the loader instead. I moved the check there and the tests pass.", "done"},
		{"feedback question branching on the answer", "I restarted the worker with the new limits.\n\nDid that fix the timeouts? If not, send me the log and I'll dig further.", "done"},
		// A web search has the agent end on a list of its sources.
		{"question above the sources", "The skills can move to .agents/skills.\n\nWant me to do the migration? That would be: move the files, fix the ignore file and commit.\n\nSources: [Reference page 1: agent skills and where each tool looks for them](https://docs.example.com/agents/skills/reference-1-discovery-and-loading-rules), [Reference page 2: agent skills and where each tool looks for them](https://docs.example.com/agents/skills/reference-2-discovery-and-loading-rules), [Reference page 3: agent skills and where each tool looks for them](https://docs.example.com/agents/skills/reference-3-discovery-and-loading-rules), [Reference page 4: agent skills and where each tool looks for them](https://docs.example.com/agents/skills/reference-4-discovery-and-loading-rules), [Reference page 5: agent skills and where each tool looks for them](https://docs.example.com/agents/skills/reference-5-discovery-and-loading-rules), [Reference page 6: agent skills and where each tool looks for them](https://docs.example.com/agents/skills/reference-6-discovery-and-loading-rules)", "permission"},
		{"question above a sources list", "Want me to pin the action to v4?\n\n**Sources:**\n- [Release notes](https://example.com/notes)\n- https://example.com/issue/12", "permission"},
		{"sources in prose are the closing", "I checked the docs for the flag.\n\nSources: the changelog and the 2.0 migration guide. Should I also search the issue tracker?", "permission"},
		{"a question after the sources", "Sources: [Docs](https://example.com/docs)\n\nThe flag was removed in 2.0, so I dropped it from the config and the build is green.", "done"},
		{"answered question, then a paragraph", "Want me to explain why it failed?\n\nBecause the cache key ignored the locale, every lookup for a non-English user missed and fell through to the slow path, which timed out under load.", "done"},
		// wide10-train (darthzen/neuvector-mcp, flop-labs/technocore-chat,
		// ta93abe/me, jesb1n/reborn.nix): forms written from the train half's
		// misses, each with a counter-case.
		{"or leave you the command", "The fix is a one-line pin. Want me to apply the patch, or just leave you the command for the demo prep?", "permission"},
		{"or give it to another job", "The fix is a one-line pin. Want me to apply the patch, or give the job to the CI runner?", "decision"},
		{"go-ahead under open list questions", "A few things to lock before I implement:\n\n1. Grafana URL — public with Traefik, or Tailscale-only?\n2. Admin password — generate one, or will you supply it?\n\nNon-blockers I'll default unless you say otherwise: chart pin 88.1.5.", "decision"},
		{"go-ahead under answered list items", "Plan:\n\n1. Pin the chart to 88.1.5\n2. Generate the admin password into SOPS\n\nI'll write the manifests unless you say otherwise.", "permission"},
		{"reply with your picks", "Before locking a plan, two choices matter:\n\n**1. What do you mainly want?**\n- Cluster metrics\n- Uptime alerts\n\n**2. Where should it live?**\n- Flux\n- NixOS\n\nReply with your picks (e.g. \"metrics, Flux\"). I'll then write the plan.", "decision"},
		{"reply with an assent", "Everything is staged. Reply \"go\" and I'll deploy it.", "permission"},
		{"your call as a reason, then want me to", "The README still calls the hole open. I didn't touch it, since rewriting a security note is your call, not a side effect of an image build. Want me to correct it?\n\nNothing is committed. Say the word and I'll commit these three files; the board reconcile and the PR from the handoff are still untouched.", "permission"},
		{"your call, then which", "The README still calls the hole open. Rewriting a security note is your call. Which wording do you want?\n\nNothing is committed. Say the word and I'll commit these three files; the board reconcile and the PR from the handoff are still untouched.", "decision"},
		{"options asked, then a further step", "Both branches can merge, with conflicts.\n\nWhat do you want to do?\n\n- A: merge the first branch and resolve SnsLinks\n- B: cherry-pick what the second one needs\n- C: delete both\n\nIt may be worth diffing the real changes before you decide. Shall I diff them?", "decision"},
		{"options asked, then a go-ahead on one", "Main is ahead by 15.\n\nWhat do you want to do?\n\n- push now\n- register the build variables first, then push\n- don't push yet\n\nShall I push?", "permission"},
		{"options asked, then a go-ahead on the pick", "What do you want to do?\n\n- A: merge the first branch\n- B: delete both\n\nI'd go with A. Shall I go ahead?", "permission"},
		{"delete or keep, which", "The branch is unmerged.\n\n- **Delete**: drops the two commits\n- **Keep it**: in case it is needed later\n\nWhich one?", "permission"},
		{"delete or archive, which", "The branch is unmerged.\n\n- **Delete**: drops the two commits\n- **Archive**: tag it and remove the branch\n\nWhich one?", "decision"},
		{"delete or keep, Japanese", "未マージのブランチです。\n\n- **削除する**: 2コミットが失われます\n- **残す**: 後で使う可能性があるため保持\n\nどちらにしますか？", "permission"},
		{"or stop here, Japanese", "6本のブランチを削除しました。残りのSNS関連2本も整理しますか？それとも今回はここまでで良いですか？", "permission"},
		{"or another task, Japanese", "6本のブランチを削除しました。残りのSNS関連2本も整理しますか？それとも先にPRを作りますか？", "decision"},
		{"list questions, then tell me and I'll go on, Japanese", "マージ完了しました。\n\n- マージ済みのブランチを削除しますか？\n- 残ったブランチはどうしますか（保持／削除）？\n\nご指示があれば続けます。", "decision"},
		{"more help by example, Japanese", "push 完了しました。ビルドのログ確認や、動作確認など、続けて手伝いましょうか？", "done"},
		{"help with one thing, Japanese", "push 完了しました。ビルドのログを確認しましょうか？", "permission"},
		// Read from the train halves' sessions outside every labelled set:
		// requests a form of words puts to the human.
		{"say when to act", "The three hosts evaluate cleanly. Say when to commit and deploy.", "permission"},
		{"say which to act on", "The three hosts evaluate cleanly. Say which host to deploy first.", "decision"},
		{"tell me once it is done", "Run the PATCH above (or flip the mode in the UI). The moment it's done, tell me and I'll verify the mode stuck.", "decision"},
		{"tell me if it fails", "The mode is flipped and verified. If anything looks off, tell me and I'll dig in.", "done"},
		{"please confirm a value", "The harness is ready to publish. Please confirm the repo visibility: private or public.", "decision"},
		{"please confirm alone", "The harness is ready to publish to the private repo. Please confirm.", "permission"},
		// wide11-train (OpenCode, Pi): other agents' forms.
		{"asked to take me out of plan mode", "The plan is above. Could you explicitly instruct me to exit plan mode and begin implementation?", "permission"},
		{"asked which mode", "The plan is above. Could you tell me which plan mode setting you use?", "decision"},
		{"proceed, or adjust any task", "All 8 tasks are planned. Want me to proceed, or adjust any task?", "permission"},
		{"proceed, or add a task", "All 8 tasks are planned. Want me to proceed, or add the migration task first?", "decision"},
		// Session 12: the go-ahead forms above in the other languages users
		// write in, each with a counter-case ("approval needed, after it I go
		// on" in Korean was read in a train-half session outside every set).
		{"after approval I go on, Korean", "설계안을 수정했습니다.\n\n**다음 단계**: 수정된 설계안에 대한 승인이 필요합니다. 승인 후 구현 단계로 진행합니다.", "permission"},
		{"if you approve, Korean", "설계안을 수정했습니다. 승인해 주시면 바로 구현하겠습니다.", "permission"},
		{"deployed after approval, Korean", "관리자 승인 후 배포되었습니다. CI도 모두 통과했습니다.", "done"},
		{"once you approve I start, Japanese", "設計を更新しました。承認いただければ実装に入ります。", "permission"},
		{"if it is fine to go on, Japanese", "計画は以上です。進めてよければ、このまま実装に着手します。", "permission"},
		{"merged after approval, Japanese", "レビュアーの承認後にマージされました。CI もすべて通過しています。", "done"},
		{"please check it, Japanese", "修正を反映しました。ご確認いただければ幸いです。", "done"},
		{"once you confirm I start, Chinese", "方案已经更新。你确认后我就开始实现。", "permission"},
		{"if it is fine I commit, Chinese", "改动都整理好了，确认没问题的话我就提交。", "permission"},
		{"deploys after CI, Chinese", "代码已合并，CI 通过后会自动部署。", "done"},
		{"if you like I can, Chinese", "功能已经完成，测试全部通过。如果你愿意，我可以再补充一些文档。", "done"},
		{"shall I proceed, Spanish", "El plan está listo. ¿Procedo con la implementación?", "permission"},
		{"shall I start, French", "Le plan est prêt. Je lance l'implémentation ?", "permission"},
		{"shall I go on, Portuguese", "O plano está pronto. Prossigo com a implementação?", "permission"},
		{"one or the other, Spanish", "El plan está listo. ¿Procedo con Redis o con Memcached?", "decision"},
		{"one or the other, French", "Le plan est prêt. Je lance la version simple ou la version complète ?", "decision"},
		{"reply yes to act", "Everything is staged and CI is green. Reply \"yes\" to merge.", "permission"},
		// Second courses that only delay the work or leave it to the human
		// (the label policy: "…, or leave it / hold off / will you test it
		// yourself / want changes first?" is a permission ask), each with a
		// second course of action as its counter-case.
		{"or run it yourself first", "Should I push, or would you like to run it yourself first?", "permission"},
		{"or have me run something first", "Should I push, or would you like me to run the benchmarks first?", "decision"},
		{"or rather wait for a review", "Want me to go ahead, or would you rather wait for the review?", "permission"},
		{"or rather switch course", "Want me to go ahead, or would you rather switch to the v2 API?", "decision"},
		{"or another look", "Shall I merge it, or do you want another look?", "permission"},
		{"or tweak anything first", "Ready to commit, or want to tweak anything first?", "permission"},
		{"or prefer to do it yourself", "Want me to run the migration, or would you prefer to do it yourself?", "permission"},
		{"or will you handle it", "Want me to draft the reply, or will you handle it?", "permission"},
		{"or file an issue instead", "Want me to draft the reply, or file an issue instead?", "decision"},
		{"or is something enough", "Want me to add tests for this, or is manual verification enough for now?", "permission"},
		{"or refactor first", "Want me to add tests for this, or refactor the parser first?", "decision"},
		{"or leave the changes uncommitted", "Want me to commit and push, or leave the changes uncommitted so you can review?", "permission"},
		{"or we can stop here", "Want me to continue? Or we can stop here.", "permission"},
		{"or we can switch", "Want me to continue? Or we can switch to the docs.", "decision"},
		{"or wait for CI, Chinese", "需要我现在就推送吗，还是等 CI 跑完？", "permission"},
		{"or change the config first, Chinese", "需要我现在就推送吗，还是先改一下配置？", "decision"},
		{"or check it first, Japanese", "このままコミットしますか？それとも先に確認しますか？", "permission"},
		{"or add tests first, Japanese", "このままコミットしますか？それとも先にテストを追加しますか？", "decision"},
		{"reply with a pick", "Both layouts are ready.\n\nReply \"A\" or \"B\" to pick the layout.", "decision"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			v := judge.Classify(tt.text)
			if got := labelOf(v); got != tt.want {
				t.Errorf("Classify(%q) = %v (%q), want %v", tt.text, v, v.Why, tt.want)
			}
		})
	}
}

func TestClassifyReadsOnlyTheTail(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("Shall I proceed?\n", 100) + strings.Repeat("Notes on the change.\n", judge.MaxInput/10)
	if v := judge.Classify(long); v.Class != judge.Done {
		t.Errorf("got %v, want done: the question is before the last %d bytes", v, judge.MaxInput)
	}
	long = strings.Repeat("x", 3*judge.MaxInput) + "\nShall I proceed?"
	if v := judge.Classify(long); !v.Is(judge.Question, judge.Permission) {
		t.Errorf("got %v, want question/permission", v)
	}
	// A last line longer than the tail is read from a character's start,
	// not dropped as if the message were empty.
	long = strings.Repeat("é", judge.MaxInput) + " Done. I couldn't get it to build."
	if v := judge.Classify(long); v.Class != judge.Error {
		t.Errorf("one long line: got %v, want error", v)
	}
}

func TestNames(t *testing.T) {
	t.Parallel()
	for c, want := range map[judge.Class]string{judge.Done: "done", judge.Error: "error", judge.Question: "question"} {
		if got := c.String(); got != want {
			t.Errorf("Class(%d) = %q, want %q", c, got, want)
		}
	}
	for k, want := range map[judge.Kind]string{judge.NoKind: "", judge.Permission: "permission", judge.Decision: "decision", judge.Failed: "failed", judge.ClaimedSuccess: "claimed_success"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d) = %q, want %q", k, got, want)
		}
	}
	if s := judge.Class(42).String(); s != "unknown" {
		t.Errorf("Class(42) = %q, want unknown", s)
	}
	if s := judge.Kind(42).String(); s != "unknown" {
		t.Errorf("Kind(42) = %q, want unknown", s)
	}
	if judge.Permission.Class() != judge.Question || judge.ClaimedSuccess.Class() != judge.Error || judge.NoKind.Class() != judge.Done {
		t.Error("Kind.Class maps a kind to the wrong class")
	}
}

// TestShortOptionLine: a closing line of nine bytes that starts with
// "Option " ("Option A:") once cut past its end and panicked.
func TestShortOptionLine(t *testing.T) {
	for _, text := range []string{"Option A:", "Pick one.\n\nOption A:", "OPTION B)"} {
		if v := judge.Classify(text); v.Class != judge.Done {
			t.Errorf("Classify(%q) = %v, want done", text, v)
		}
	}
}
