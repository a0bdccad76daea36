import json, uuid, hashlib, os, sys

OUT = sys.argv[1]
os.makedirs(OUT, exist_ok=True)
CWD = "/home/dev/project"

def U(seed):  # deterministic uuid
    return str(uuid.UUID(hashlib.md5(seed.encode()).hexdigest()))

class T:
    def __init__(self, name):
        self.name = name
        self.lines = []
        self.sid = U("session-" + name)
        self.n = 0
        self.parent = None
        self.t = 0
    def base(self, typ):
        self.n += 1
        u = U(f"{self.name}-{self.n}")
        self.t += 3
        rec = {"parentUuid": self.parent, "isSidechain": False, "userType": "external", "cwd": CWD,
               "sessionId": self.sid, "version": "2.1.330", "gitBranch": "main", "type": typ,
               "uuid": u, "timestamp": f"2026-11-20T10:{self.t//60:02d}:{self.t%60:02d}.{self.n:03d}Z"}
        self.parent = u
        return rec
    def snapshot(self):
        self.lines.append({"type": "file-history-snapshot", "messageId": U(f"snap-{self.name}-{self.n}"),
                           "snapshot": {"messageId": U(f"snap-{self.name}-{self.n}"), "trackedFileBackups": {}, "timestamp": "2026-11-20T10:00:00.000Z"},
                           "isSnapshotUpdate": False})
    def user(self, text):
        self.snapshot()
        r = self.base("user")
        r["message"] = {"role": "user", "content": text}
        r["permissionMode"] = "default"
        self.lines.append(r)
        return self
    def meta(self, text):
        r = self.base("user")
        r["message"] = {"role": "user", "content": text}
        r["isMeta"] = True
        self.lines.append(r)
        return self
    def _asst(self, block, mid):
        r = self.base("assistant")
        r["message"] = {"id": mid, "type": "message", "role": "assistant", "model": "claude-sonnet-4-5-20250929",
                        "content": [block], "stop_reason": None, "stop_sequence": None,
                        "usage": {"input_tokens": 12, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 2048, "output_tokens": 90, "service_tier": "standard"}}
        r["requestId"] = "req_011" + hashlib.md5(mid.encode()).hexdigest()[:20]
        self.lines.append(r)
    def say(self, text, tools=()):
        """assistant reply: text block then tool_use blocks, each with its result"""
        mid = "msg_01" + hashlib.md5(f"{self.name}-{self.n}".encode()).hexdigest()[:22]
        if text:
            self._asst({"type": "text", "text": text}, mid)
        uses = []
        for i, (name, inp, result, err) in enumerate(tools):
            tid = "toolu_01" + hashlib.md5(f"{self.name}-{self.n}-{i}".encode()).hexdigest()[:22]
            self._asst({"type": "tool_use", "id": tid, "name": name, "input": inp}, mid)
            uses.append((tid, result, err))
        for tid, result, err in uses:
            r = self.base("user")
            r["message"] = {"role": "user", "content": [{"tool_use_id": tid, "type": "tool_result", "content": result, "is_error": err}]}
            r["toolUseResult"] = {"stdout": result if not err else "", "stderr": result if err else "", "interrupted": False, "isImage": False}
            self.lines.append(r)
        return self
    def system_summary(self):
        r = self.base("system")
        r["subtype"] = "stop_hook_summary"; r["hookCount"] = 1; r["hookInfos"] = [{"command": "memory-triage"}]
        r["hookErrors"] = []; r["preventedContinuation"] = False; r["stopReason"] = ""; r["hasOutput"] = False; r["level"] = "suggestion"
        self.lines.append(r)
        return self
    def write(self):
        with open(os.path.join(OUT, self.name + ".jsonl"), "w") as f:
            for l in self.lines:
                f.write(json.dumps(l, ensure_ascii=False, separators=(",", ":")) + "\n")

def bash(cmd, out, err=False): return ("Bash", {"command": cmd, "description": "Run command"}, out, err)
def read(path, out="     1\tpackage main\n"): return ("Read", {"file_path": CWD + "/" + path}, out, False)
def edit(path, old="a", new="b"): return ("Edit", {"file_path": CWD + "/" + path, "old_string": old, "new_string": new}, f"The file {CWD}/{path} has been updated.", False)
def write(path, content="package x\n"): return ("Write", {"file_path": CWD + "/" + path, "content": content}, f"File created successfully at: {CWD}/{path}", False)
def grep(pat, out): return ("Grep", {"pattern": pat, "path": CWD}, out, False)
def todo(items): return ("TodoWrite", {"todos": [{"content": c, "status": s, "activeForm": c} for c, s in items]}, "Todos have been modified successfully.", False)

labels = {}
def case(name, want, t):
    t.write()
    labels[name + ".jsonl"] = sorted(want)

# ---------------- DECISION ----------------
case("decision_sqlite", ["DECISION"], T("decision_sqlite")
  .user("We need somewhere to persist the job queue. Pick something and wire it up.")
  .say("I'll look at how the queue is used first.", [grep("Enqueue", "internal/queue/queue.go:14:func (q *Queue) Enqueue(j Job) error {")])
  .say("", [write("internal/queue/store.go"), bash("go test ./internal/queue/...", "ok  \tgithub.com/acme/app/internal/queue\t0.41s")])
  .say("Done. I went with SQLite (via `modernc.org/sqlite`) instead of Redis because the service already ships as a single binary and the queue volume is low.\n\nTests pass."))

case("decision_cobra", ["DECISION"], T("decision_cobra")
  .user("add subcommands for import and export to the cli")
  .say("", [read("cmd/root.go"), edit("cmd/root.go"), write("cmd/import.go"), write("cmd/export.go"), bash("go build ./... && go test ./cmd/...", "ok  \tgithub.com/acme/tool/cmd\t0.2s")])
  .say("Added `import` and `export` subcommands.\n\n- Chose the standard `flag` package with a small dispatcher over cobra, to keep the dependency list short.\n- Both commands read from stdin when no file is given."))

case("decision_retry", ["DECISION"], T("decision_retry")
  .user("the webhook sender drops events when the receiver is briefly down. fix it")
  .say("", [read("webhook/send.go"), edit("webhook/send.go"), bash("go test ./webhook/", "ok  \tgithub.com/acme/app/webhook\t1.2s")])
  .say("Fixed. Failed deliveries are now retried with exponential backoff (5 attempts, capped at 30s).\n\nWe decided on client-side retries rather than a dead-letter table, since the receiver is idempotent and the volume is small."))

case("decision_cmd_hooks", ["DECISION"], T("decision_cmd_hooks")
  .user("Why do the stop hooks keep failing with JSON validation errors? Can you sort it out?")
  .say("", [read(".claude/settings.json", '{"hooks":{"Stop":[{"hooks":[{"type":"prompt"}]}]}}'), edit(".claude/settings.json")])
  .say("The prompt hooks depend on the model returning valid JSON, which fails now and then.\n\nI replaced them with a single command hook. Chose command-type hooks over prompt-type hooks for reliability: the script controls its exit code, so a stop can no longer fail validation."))

case("decision_postgres_uuid", ["DECISION"], T("decision_postgres_uuid")
  .user("add an id column to the orders table")
  .say("", [write("migrations/0007_order_ids.sql"), bash("make migrate-test", "migrated 7 -> 8\nPASS")])
  .say("Added migration `0007_order_ids.sql`.\n\nI opted for UUIDv7 keys over serial integers: they sort by creation time and can be generated by the API servers without a round trip to the database."))

case("decision_user_pick", ["DECISION"], T("decision_user_pick")
  .user("ok let's go with the polling approach instead of websockets, the proxy kills long connections anyway")
  .say("", [edit("web/src/live.ts"), bash("npm test -- live", "PASS src/live.test.ts\nTests: 4 passed")])
  .say("Switched the live view to polling every 5 seconds. Tests pass."))

# ---------------- RUNBOOK ----------------
case("runbook_lockfile", ["RUNBOOK"], T("runbook_lockfile")
  .user("npm install fails on CI, can you look")
  .say("", [bash("npm ci", "npm ERR! code EINTEGRITY\nnpm ERR! sha512-... integrity checksum failed", True)])
  .say("", [bash("git log --oneline -3 -- package-lock.json", "a1b2c3 bump deps"), bash("rm -rf node_modules && npm install && npm ci", "added 812 packages in 21s")])
  .say("The root cause was a lockfile generated with npm 10 while CI runs npm 9, so the integrity hashes differ. Fixed by regenerating `package-lock.json` with npm 9 and pinning the npm version in `.nvmrc`."))

case("runbook_race", ["RUNBOOK"], T("runbook_race")
  .user("TestCache flakes about one run in ten")
  .say("", [bash("go test -race -count=20 ./cache/", "WARNING: DATA RACE\nWrite at 0x00c000124010 by goroutine 12:\n  cache.(*LRU).Add()\n      cache/lru.go:44 +0x1a4\nFAIL\tgithub.com/acme/app/cache\t2.3s", True)])
  .say("", [edit("cache/lru.go"), bash("go test -race -count=50 ./cache/", "ok  \tgithub.com/acme/app/cache\t9.8s")])
  .say("Found it: `LRU.Add` updated the eviction list without holding the mutex, so concurrent `Get` calls raced with it. The flake was caused by that data race; fixed by taking the lock in `Add` as well. 50 race-enabled runs pass now."))

case("runbook_docker_dns", ["RUNBOOK"], T("runbook_docker_dns")
  .user("the integration tests can't reach the db container anymore")
  .say("", [bash("docker compose run --rm tests", "psycopg2.OperationalError: could not translate host name \"db\" to address: Name or service not known", True)])
  .say("", [read("docker-compose.yml"), edit("docker-compose.yml"), bash("docker compose run --rm tests", "==== 48 passed in 12.31s ====")])
  .say("The tests container was on the default network after the compose file split, so the `db` hostname did not resolve. If you see `could not translate host name \"db\"` again, make sure both services list the `backend` network. All 48 tests pass."))

case("runbook_go_embed", ["RUNBOOK"], T("runbook_go_embed")
  .user("build is broken after my last commit")
  .say("", [bash("go build ./...", "web/assets.go:9:12: pattern dist/*: no matching files found", True)])
  .say("", [bash("ls web/dist", "ls: cannot access 'web/dist': No such file or directory", True), edit("Makefile"), bash("make build", "go build -o bin/app ./cmd/app")])
  .say("The build failed because `//go:embed dist/*` needs the frontend bundle, and `web/dist` is not committed. The fix was to make `make build` run `npm run build` first; building with plain `go build` needs `make web` before it."))

case("runbook_pytest_tz", ["RUNBOOK"], T("runbook_pytest_tz")
  .user("test_report_dates fails on my machine but not CI")
  .say("", [bash("pytest tests/test_report.py -x", "FAILED tests/test_report.py::test_report_dates - AssertionError: assert '2026-11-19' == '2026-11-20'\nTraceback (most recent call last):\n  File \"tests/test_report.py\", line 31", True)])
  .say("", [edit("app/report.py"), bash("TZ=Asia/Tokyo pytest tests/test_report.py", "3 passed in 0.22s")])
  .say("It turned out `report_date()` used the local time zone, so it only failed east of UTC. Resolved by converting to UTC before formatting; the test now passes with `TZ=Asia/Tokyo` too."))

case("runbook_migration_lock", ["RUNBOOK"], T("runbook_migration_lock")
  .user("deploy is stuck at the migration step again")
  .say("", [bash("kubectl logs job/migrate", "error: Dirty database version 12. Fix and force version.", True)])
  .say("", [bash("migrate -path db/migrations -database $DB force 11 && migrate up", "12/u add_index (84ms)")])
  .say("The previous deploy was killed mid-migration and left the schema marked dirty at version 12. The fix is to force the version back to 11 and rerun `migrate up`; the index migration applied cleanly and the deploy continued."))

# ---------------- CONSTRAINT ----------------
case("constraint_rate_limit", ["CONSTRAINT"], T("constraint_rate_limit")
  .user("sync all the issues from github into the tracker")
  .say("", [write("sync/github.go"), bash("go run ./sync --dry-run", "fetched 3000 issues (30 pages)\n403 API rate limit exceeded", True)])
  .say("", [edit("sync/github.go"), bash("go run ./sync --dry-run", "fetched 4120 issues (42 pages)")])
  .say("Sync works now. Note that the GitHub API rate limit is 5000 requests per hour per token, so the sync pages with 100 issues per request and backs off on 403."))

case("constraint_lambda", ["CONSTRAINT"], T("constraint_lambda")
  .user("can we move the thumbnail job to lambda?")
  .say("", [read("jobs/thumbs.py"), bash("du -sh build/thumbs.zip", "312M\tbuild/thumbs.zip")])
  .say("Not as it is: the deployment package is 312 MB, and Lambda is limited to 250 MB unzipped for zip deployments. We would need a container image deployment (up to 10 GB) instead."))

case("constraint_sqlite_alter", ["CONSTRAINT"], T("constraint_sqlite_alter")
  .user("make the email column NOT NULL")
  .say("", [write("migrations/0009_email_not_null.sql"), bash("make migrate-test", "migrated 8 -> 9")])
  .say("Done. SQLite does not support `ALTER COLUMN`, so the migration rebuilds the `users` table: create a copy with the constraint, copy the rows, drop the old table and rename."))

case("constraint_user_env", ["CONSTRAINT"], T("constraint_user_env")
  .user("heads up: the build servers are restricted to Go 1.22, we can't upgrade them this quarter. please keep the code compatible")
  .say("", [bash("grep -rn 'range 10\\|min(\\|max(' --include=*.go . | head", "./internal/calc/sum.go:12:\tfor i := range 10 {"), edit("internal/calc/sum.go"), bash("go vet ./...", "")])
  .say("Replaced the one range-over-int loop in `internal/calc/sum.go`; `go vet` is clean."))

case("constraint_safari", ["CONSTRAINT"], T("constraint_safari")
  .user("the date picker is broken on the ipad")
  .say("", [read("web/src/DatePicker.tsx"), edit("web/src/DatePicker.tsx"), bash("npm test -- DatePicker", "PASS src/DatePicker.test.tsx")])
  .say("Safari on iPadOS 15 does not support `Intl.Segmenter`, which the picker used to split month names. I replaced it with a plain split; the picker renders correctly now."))

# ---------------- TECH_DEBT ----------------
case("techdebt_pagination", ["TECH_DEBT"], T("techdebt_pagination")
  .user("add the /orders endpoint returning all orders for the account")
  .say("", [write("api/orders.go"), write("api/orders_test.go"), bash("go test ./api/", "ok  \tgithub.com/acme/app/api\t0.3s")])
  .say("Added `GET /orders`.\n\nIt returns every order in one response for now; pagination is deferred until we know how the mobile client wants cursors. TODO: add a `limit` cap before large accounts use it."))

case("techdebt_workaround", ["TECH_DEBT"], T("techdebt_workaround")
  .user("the pdf export crashes on documents with emoji")
  .say("", [bash("python -m app.export sample.docx", "UnicodeEncodeError: 'latin-1' codec can't encode character '\\U0001f600'", True), edit("app/export.py"), bash("python -m app.export sample.docx", "wrote sample.pdf")])
  .say("Export works again. This is a workaround: emoji are stripped before rendering because the bundled font has no emoji glyphs. We should revisit this later and ship a font with emoji coverage."))

case("techdebt_seed", ["TECH_DEBT"], T("techdebt_seed")
  .user("implement the triage hook, single llm for now")
  .say("", [write("hooks/memory_triage.py"), bash("python -m pytest tests/test_triage.py", "6 passed in 0.31s")])
  .say("The triage hook is in place with a single LLM call.\n\nDeferred multi-LLM consensus voting for future implementation; the hook has a seam for it."))

case("techdebt_duplicated", ["TECH_DEBT"], T("techdebt_duplicated")
  .user("add csv export next to the json export")
  .say("", [read("export/json.go"), write("export/csv.go"), bash("go test ./export/", "ok")])
  .say("CSV export added. The field mapping is duplicated between `json.go` and `csv.go`; that is tech debt worth a small refactor into one table of columns."))

case("techdebt_hardcoded", ["TECH_DEBT"], T("techdebt_hardcoded")
  .user("wire the new pricing service into checkout")
  .say("", [edit("checkout/pricing.go"), bash("go test ./checkout/", "ok")])
  .say("Checkout calls the pricing service now. The service URL is hard-coded for the staging environment as a temporary hack; it still needs to be moved into config before release, I'll leave that as a follow-up."))

case("techdebt_skip_test", ["TECH_DEBT"], T("techdebt_skip_test")
  .user("get CI green, the release is blocked")
  .say("", [bash("go test ./...", "--- FAIL: TestUploadLarge (30.01s)\n    upload_test.go:88: timeout\nFAIL", True), edit("upload/upload_test.go"), bash("go test ./...", "ok")])
  .say("CI is green. I skipped `TestUploadLarge` with `t.Skip` because it times out on the shared runners; the real fix (streaming the upload instead of buffering it) is out of scope for the release and should be tackled later."))

# ---------------- PREFERENCE ----------------
case("pref_pnpm", ["PREFERENCE"], T("pref_pnpm")
  .user("from now on always use pnpm, not npm. update the scripts")
  .say("", [edit("package.json"), edit(".github/workflows/ci.yml"), bash("pnpm install", "Done in 4.2s")])
  .say("Switched the scripts and the CI workflow to pnpm."))

case("pref_testify", ["PREFERENCE"], T("pref_testify")
  .user("please don't use testify in this repo, we prefer plain table tests with the standard testing package")
  .say("", [edit("parser/parser_test.go"), bash("go test ./parser/", "ok")])
  .say("Rewrote `parser_test.go` as table tests without testify."))

case("pref_commit_style", ["PREFERENCE"], T("pref_commit_style")
  .user("commit this")
  .say("", [bash("git log --oneline -5", "f1 feat(api): add orders\n e2 fix(db): close rows\n a3 chore: bump deps"), bash("git commit -am 'feat(export): add csv export'", "[main 9c1d2e0] feat(export): add csv export")])
  .say("Committed as `feat(export): add csv export`. The repo follows the Conventional Commits convention (`type(scope): summary`), so I matched it."))

case("pref_errors_wrap", ["PREFERENCE"], T("pref_errors_wrap")
  .user("review my change in store.go")
  .say("", [read("store/store.go")])
  .say("Looks good overall. One thing: the rest of the codebase always wraps errors with `%w` and a package prefix (`store: open: %w`), and this change returns bare errors. I'd keep to that convention."))

case("pref_no_emoji", ["PREFERENCE"], T("pref_no_emoji")
  .user("never put emoji in commit messages or code comments. fix the ones you added")
  .say("", [bash("git log -3 --format=%s", "✨ add export\nfix tests\nrefactor"), bash("git commit --amend -m 'add export'", "[main 1a2b3c] add export")])
  .say("Amended the commit message and removed the emoji from the comments."))

# ---------------- SESSION_SUMMARY ----------------
def many_edits(t, n, prefix="internal/billing/f"):
    t.say("", [edit(f"{prefix}{i}.go") for i in range(n)])
    return t

case("summary_refactor", ["SESSION_SUMMARY"], many_edits(T("summary_refactor")
  .user("rename Customer to Account across the billing package"), 7)
  .say("", [bash("go build ./... && go test ./internal/billing/...", "ok")])
  .say("Renamed `Customer` to `Account` in all seven files of `internal/billing`; build and tests pass."))

case("summary_tools", ["SESSION_SUMMARY"], T("summary_tools")
  .user("find out why the nightly job got slower this week")
  .say("", [bash(f"git show --stat HEAD~{i}", "1 file changed") for i in range(12)])
  .say("", [grep("SELECT", "x") for _ in range(10)] + [read(f"jobs/n{i}.py") for i in range(10)])
  .say("The nightly job got slower after the ORM upgrade; the report query now loads every row. Details are in the notes above."))

case("summary_feature", ["SESSION_SUMMARY"], T("summary_feature")
  .user("implement the settings page end to end")
  .say("", [write("web/src/pages/Settings.tsx"), write("web/src/api/settings.ts"), write("api/settings.go"), write("api/settings_test.go"), edit("web/src/App.tsx"), edit("api/router.go")])
  .say("", [bash("go test ./api/ && npm test", "ok\nTests: 12 passed")])
  .say("The settings page is done: API, client and route, with tests."))

case("summary_multi", ["SESSION_SUMMARY", "DECISION"], many_edits(T("summary_multi")
  .user("migrate the handlers to the new logger"), 6, "handlers/h")
  .say("", [bash("go test ./handlers/...", "ok")])
  .say("All handlers log through `slog` now. I chose `slog` over zerolog because it is in the standard library and the handlers only need structured key-value logging."))

# ---------------- MIXED ----------------
case("mixed_decision_todo", ["DECISION", "TECH_DEBT"], T("mixed_decision_todo")
  .user("add caching to the profile endpoint")
  .say("", [edit("api/profile.go"), bash("go test ./api/", "ok")])
  .say("Added an in-process LRU cache to `GET /profile`. I went with an in-memory cache instead of Redis because there is a single API instance today.\n\nTODO: invalidate the cache when the profile is updated from the admin panel; that path is not covered yet."))

case("mixed_runbook_constraint", ["RUNBOOK", "CONSTRAINT"], T("mixed_runbook_constraint")
  .user("uploads over a few MB fail in prod")
  .say("", [bash("kubectl logs deploy/api | tail -3", "413 Request Entity Too Large", True), read("deploy/ingress.yaml"), edit("deploy/ingress.yaml")])
  .say("The root cause was the ingress default body size of 1 MB; fixed by setting `proxy-body-size: 50m` on the upload route.\n\nNote that Cloudflare in front of it caps request bodies at 100 MB on our plan, so uploads above that limit need the presigned S3 flow."))

case("mixed_pref_debt", ["PREFERENCE", "TECH_DEBT"], T("mixed_pref_debt")
  .user("going forward, prefer small focused PRs. split this change up")
  .say("", [bash("git reset --soft HEAD~1 && git stash", "Saved working directory"), bash("git switch -c refactor-parser && git commit -m 'parser: extract tokenizer'", "[refactor-parser 77aa] parser: extract tokenizer")])
  .say("Split into two branches: `refactor-parser` and `feature-macros`. The macro branch still has a FIXME in `expand.go` for nested macros, which I left for a later PR."))

case("mixed_all_decision_runbook", ["DECISION", "RUNBOOK"], T("mixed_all_decision_runbook")
  .user("the worker keeps OOMing")
  .say("", [bash("kubectl describe pod worker-0 | grep -A2 'Last State'", "Last State: Terminated\n  Reason: OOMKilled\n  Exit Code: 137", True), read("worker/batch.go"), edit("worker/batch.go")])
  .say("The OOM was caused by loading the whole export into memory; fixed by streaming rows in batches of 1000. I decided to stream instead of raising the memory limit, because the export keeps growing."))

# ---------------- NEGATIVES ----------------
case("neg_run_tests", [], T("neg_run_tests")
  .user("run the tests")
  .say("I decided to run the tests first to see where things stand.", [bash("go test ./...", "ok  \tgithub.com/acme/app/api\t0.3s\nok  \tgithub.com/acme/app/db\t0.5s")])
  .say("All packages pass."))

case("neg_typo", [], T("neg_typo")
  .user("fix the typo in the readme, it says 'recieve'")
  .say("", [edit("README.md", "recieve", "receive")])
  .say("Fixed the typo: \"recieve\" → \"receive\" in `README.md`."))

case("neg_explain", [], T("neg_explain")
  .user("what does the Merge function in diff.go do?")
  .say("", [read("diff/diff.go")])
  .say("`Merge` walks both edit scripts in order and combines hunks that overlap. When two hunks touch the same line it keeps the one from the left side, then it goes over the remaining hunks and shifts their offsets. It returns the merged script and the number of conflicts."))

case("neg_todo_list", [], T("neg_todo_list")
  .user("add a health check endpoint")
  .say("Let me update the todo list and get started.", [todo([("Add /healthz handler", "in_progress"), ("Register route", "pending")])])
  .say("", [write("api/health.go"), edit("api/router.go"), todo([("Add /healthz handler", "completed"), ("Register route", "completed")]), bash("curl -s localhost:8080/healthz", "ok")])
  .say("Added `GET /healthz`; it returns `ok`. All items on the todo list are done."))

case("neg_code_block", [], T("neg_code_block")
  .user("show me how to call the client with a timeout")
  .say("Here is an example:\n\n```go\n// We decided to use a context instead of a client-wide timeout because\n// the deadline differs per call. TODO: retries.\nctx, cancel := context.WithTimeout(ctx, 5*time.Second)\ndefer cancel()\nresp, err := client.Do(ctx, req)\n```\n\nThe context deadline applies to this call only."))

case("neg_question", [], T("neg_question")
  .user("the queue is getting slow under load")
  .say("", [bash("go test -bench=Queue ./queue/", "BenchmarkQueue-8   \t  200000\t  6011 ns/op")])
  .say("The queue takes about 6 µs per operation under load. Should we switch to a ring buffer instead of the linked list, or would you rather keep the current design and shard it?"))

case("neg_cannot_find", [], T("neg_cannot_find")
  .user("where is the config loaded?")
  .say("", [grep("LoadConfig", "No matches found"), grep("config.yaml", "cmd/server/main.go:22:\tcfg, err := readYAML(\"config.yaml\")")])
  .say("I cannot find a `LoadConfig` function; the config is read in `cmd/server/main.go` line 22 with `readYAML(\"config.yaml\")`."))

case("neg_tool_output_noise", [], T("neg_tool_output_noise")
  .user("upgrade the dependencies")
  .say("", [bash("go get -u ./... && go mod tidy", "go: upgraded golang.org/x/net v0.30.0 => v0.31.0\nwarning: package x is deprecated: not supported, use y instead. We decided to drop it over the summer because of the API limit.\nTODO(owner): remove after v2"), bash("go test ./...", "ok")])
  .say("Upgraded the dependencies; the test suite still passes."))

case("neg_stdlib", [], T("neg_stdlib")
  .user("parse the timestamps in the log lines")
  .say("", [edit("logs/parse.go"), bash("go test ./logs/", "ok")])
  .say("Timestamps are parsed with `time.Parse` from the standard library using RFC 3339. I added three test cases, including one with a zone offset."))

case("neg_rename", [], T("neg_rename")
  .user("rename the variable cnt to count in stats.go")
  .say("", [edit("stats/stats.go")])
  .say("Renamed `cnt` to `count` in `stats/stats.go`; nothing else referenced it."))

case("neg_earlier_turn", [], T("neg_earlier_turn")
  .user("add caching to the profile endpoint")
  .say("", [edit("api/profile.go")])
  .say("Added an LRU cache. I went with an in-memory cache instead of Redis because there is a single API instance.\n\nTODO: invalidate on admin updates.")
  .system_summary()
  .meta("Stop hook feedback:\nSave the following memories before stopping:\n- [DECISION] I went with an in-memory cache instead of Redis because there is a single API instance.\n- [TECH_DEBT] TODO: invalidate on admin updates.\n\nUse the memory-management skill to save each item.\nAfter saving, you may stop.")
  .say("Saved both memories: the decision to use an in-memory cache over Redis, and the TODO about invalidation.")
  .user("now bump the version to 1.4.0")
  .say("", [edit("version.go", "1.3.2", "1.4.0")])
  .say("Bumped the version to 1.4.0 in `version.go`."))

case("neg_status", [], T("neg_status")
  .user("what's the status of the branch?")
  .say("", [bash("git status -sb", "## feature-x...origin/feature-x [ahead 2]\n M api/user.go")])
  .say("`feature-x` is two commits ahead of origin with one uncommitted change in `api/user.go`."))

case("neg_failed_then_passed", [], T("neg_failed_then_passed")
  .user("run the linter")
  .say("", [bash("golangci-lint run", "api/user.go:31:2: ineffectual assignment to err (ineffassign)", True), edit("api/user.go"), bash("golangci-lint run", "")])
  .say("The linter flagged an unused assignment in `api/user.go`; I removed it and the linter is clean now."))

case("neg_plan", [], T("neg_plan")
  .user("how would you approach adding sso?")
  .say("I'd start by reading the current session middleware, then add an OIDC login route next to the password login, and finally map the identity provider's groups to roles. Let me know if you want me to start with the middleware."))

case("neg_over_weak", [], T("neg_over_weak")
  .user("is the migration done?")
  .say("", [bash("make migrate-status", "version 14, clean")])
  .say("Yes, the migration is over: the schema is at version 14 and clean. It took a little over two minutes."))

case("neg_user_thanks", [], T("neg_user_thanks")
  .user("thanks, that's all")
  .say("You're welcome!"))

case("neg_decided_check", [], T("neg_decided_check")
  .user("the api returns 500 on /users")
  .say("I decided to check the logs before touching the code.", [bash("kubectl logs deploy/api | grep 500 | tail -2", "GET /users 500 12ms")])
  .say("", [read("api/users.go"), edit("api/users.go"), bash("go test ./api/", "ok")])
  .say("Fixed the nil map access in the `/users` handler; it returns 200 again."))


# ---------------- HOLD-OUT (written after the cues were tuned; not tuned on) ----------------
case("h_decision_grpc", ["DECISION"], T("h_decision_grpc")
  .user("the mobile team needs an API for the sync service. set it up")
  .say("", [write("api/sync.proto"), write("api/sync_server.go"), bash("buf generate && go test ./api/", "ok")])
  .say("The sync API is up. I picked gRPC with buf rather than a REST layer, because the mobile clients already generate code from protobuf and we get streaming for free."))

case("h_decision_monorepo", ["DECISION"], T("h_decision_monorepo")
  .user("where should the shared validation code live?")
  .say("", [bash("ls packages", "web\nmobile\nserver")])
  .say("I moved it into `packages/validation` so web, mobile and server import one copy. We settled on a workspace package instead of publishing to npm since nothing outside this repo needs it."))

case("h_runbook_cert", ["RUNBOOK"], T("h_runbook_cert")
  .user("staging https is down")
  .say("", [bash("curl -vI https://staging.acme.dev", "curl: (60) SSL certificate problem: certificate has expired", True), bash("kubectl get certificate -n staging", "staging-tls   False   48d")])
  .say("", [bash("kubectl delete secret staging-tls -n staging && kubectl annotate certificate staging-tls -n staging cert-manager.io/renew=now", "certificate renewed")])
  .say("The certificate expired because cert-manager could not solve the HTTP-01 challenge after the ingress class was renamed. Fixed it by pointing the issuer at the new ingress class and forcing a renewal; staging serves a valid certificate again."))

case("h_runbook_flaky_port", ["RUNBOOK"], T("h_runbook_flaky_port")
  .user("e2e tests fail locally with address already in use")
  .say("", [bash("npm run e2e", "Error: listen EADDRINUSE: address already in use :::3000", True), bash("lsof -i :3000", "node 48211 dev")])
  .say("A dev server from an earlier run was still holding port 3000. The e2e script now picks a free port; if it happens again, `lsof -i :3000` shows the leftover process."))

case("h_constraint_bq", ["CONSTRAINT"], T("h_constraint_bq")
  .user("load the events into bigquery")
  .say("", [write("etl/load.py"), bash("python etl/load.py --dry-run", "would insert 2,400,000 rows in 24 batches")])
  .say("The loader is ready. BigQuery streaming inserts are limited to 10 MB per request, so rows are sent in batches of 100,000."))

case("h_constraint_readonly", ["CONSTRAINT"], T("h_constraint_readonly")
  .user("write the cache to /opt/app/cache")
  .say("", [bash("touch /opt/app/cache/x", "touch: cannot touch '/opt/app/cache/x': Read-only file system", True)])
  .say("The container's root filesystem is read-only in production, so the app cannot write under `/opt`. I pointed the cache at `/tmp/app-cache`, which is the only writable mount."))

case("h_debt_feature_flag", ["TECH_DEBT"], T("h_debt_feature_flag")
  .user("ship the new checkout behind a flag")
  .say("", [edit("checkout/flow.go"), edit("flags/flags.go"), bash("go test ./checkout/ ./flags/", "ok")])
  .say("The new checkout is behind `new_checkout`. The old flow is still in place; once the flag is at 100% we should remove the old code path and the flag, I've noted it as a follow-up."))

case("h_debt_fixme", ["TECH_DEBT"], T("h_debt_fixme")
  .user("make the importer handle the new csv columns")
  .say("", [edit("importer/csv.go"), bash("go test ./importer/", "ok")])
  .say("The importer reads the three new columns. The date parsing still assumes US format; I left a FIXME there because the vendor has not confirmed the format yet."))

case("h_pref_tabs", ["PREFERENCE"], T("h_pref_tabs")
  .user("use 2-space indentation in all yaml files from now on, the 4 spaces drive me crazy")
  .say("", [bash("yq -i -I2 '.' .github/workflows/*.yml", "")])
  .say("Reformatted the workflow files with 2-space indentation."))

case("h_pref_review", ["PREFERENCE"], T("h_pref_review")
  .user("I prefer that you ask before running database migrations, even locally")
  .say("Understood, I'll ask before running any migration."))

case("h_summary_big", ["SESSION_SUMMARY"], T("h_summary_big")
  .user("split the monolithic server.go into handlers")
  .say("", [read("server.go")] + [write(f"handlers/{n}.go") for n in ["users", "orders", "billing", "auth", "admin"]] + [edit("server.go")])
  .say("", [bash("go build ./... && go test ./...", "ok")])
  .say("`server.go` is split into five handler files; routing stays in `server.go`. Build and tests pass."))

case("h_mixed_debt_constraint", ["TECH_DEBT", "CONSTRAINT"], T("h_mixed_debt_constraint")
  .user("send the weekly report by email")
  .say("", [write("report/mail.go"), bash("go test ./report/", "ok")])
  .say("Reports go out every Monday. Our SMTP relay only accepts attachments up to 10 MB, so larger reports are linked instead of attached. Retrying failed sends is not implemented yet; that is a TODO for the next pass."))

case("h_neg_docs", [], T("h_neg_docs")
  .user("add a usage section to the readme")
  .say("", [edit("README.md")])
  .say("Added a Usage section with the install command and two examples."))

case("h_neg_investigate", [], T("h_neg_investigate")
  .user("why is the build slow?")
  .say("I decided to look at the build cache first.", [bash("go build -x ./... 2>&1 | grep -c compile", "412")])
  .say("The build recompiles 412 packages because the cache directory is on a tmpfs that is cleared on reboot. Moving `GOCACHE` to your home directory would keep it. Do you want me to change that?"))

case("h_neg_refactor_small", [], T("h_neg_refactor_small")
  .user("extract the retry loop into a helper")
  .say("", [edit("client/client.go"), bash("go test ./client/", "ok")])
  .say("Extracted `retry(ctx, fn)` in `client/client.go` and used it in both call sites. Tests pass."))

case("h_neg_answer", [], T("h_neg_answer")
  .user("which go version does CI use?")
  .say("", [grep("go-version", ".github/workflows/ci.yml:18:          go-version: '1.26'")])
  .say("CI uses Go 1.26, set in `.github/workflows/ci.yml` line 18."))

case("h_neg_tests_added", [], T("h_neg_tests_added")
  .user("add tests for the parser edge cases")
  .say("", [edit("parser/parser_test.go"), bash("go test ./parser/ -run Edge -v", "--- PASS: TestEdge/empty\n--- PASS: TestEdge/unicode\nPASS")])
  .say("Added table cases for empty input, unicode identifiers and a trailing comment; all pass."))

case("h_neg_error_reported", [], T("h_neg_error_reported")
  .user("deploy to staging")
  .say("", [bash("make deploy-staging", "Error: kubectl: context \"staging\" not found", True)])
  .say("The deploy failed: your kubeconfig has no `staging` context. Could you add it, or tell me which context to use?"))


# ---------------- FRESH HOLD-OUT x_* (written after all tuning; never tuned on) ----------------
case("x_decision_jwt", ["DECISION"], T("x_decision_jwt")
  .user("add auth to the internal admin api")
  .say("", [write("admin/auth.go"), bash("go test ./admin/", "ok")])
  .say("Auth is in place. We use opaque session tokens stored in Postgres rather than JWTs, so that revoking a session takes effect immediately."))

case("x_decision_lib", ["DECISION"], T("x_decision_lib")
  .user("we need to parse the yaml config files")
  .say("", [bash("go get gopkg.in/yaml.v3", "go: added gopkg.in/yaml.v3 v3.0.1"), write("config/load.go")])
  .say("Config loading works. Between yaml.v3 and goccy/go-yaml I picked yaml.v3: it is already an indirect dependency and its error messages include line numbers."))

case("x_runbook_cache", ["RUNBOOK"], T("x_runbook_cache")
  .user("CI says the module checksum doesn't match")
  .say("", [bash("go mod verify", "github.com/acme/lib v1.2.0: dir has been modified", True), bash("go clean -modcache && go mod download", "")])
  .say("The module cache on the runner was corrupted by an interrupted download. Clearing it with `go clean -modcache` and downloading again fixed the checksum error; the CI cache key now includes `go.sum` so a bad cache is not restored."))

case("x_runbook_oom_node", ["RUNBOOK"], T("x_runbook_oom_node")
  .user("the frontend build dies on the build server")
  .say("", [bash("npm run build", "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory", True), edit("package.json"), bash("npm run build", "built in 48s")])
  .say("Node ran out of heap while bundling the source maps. Setting `NODE_OPTIONS=--max-old-space-size=4096` in the build script solved it."))

case("x_constraint_gh_actions", ["CONSTRAINT"], T("x_constraint_gh_actions")
  .user("can the nightly job run for 8 hours?")
  .say("No: GitHub-hosted runners cap a job at 6 hours, so an 8-hour job needs a self-hosted runner or has to be split into two jobs."))

case("x_constraint_vendor", ["CONSTRAINT"], T("x_constraint_vendor")
  .user("why are the payment webhooks arriving twice?")
  .say("", [read("payments/webhook.go")])
  .say("The payment provider delivers webhooks at least once and may retry for up to three days, so the handler must be idempotent; it now stores the event id and ignores repeats."))

case("x_debt_copy", ["TECH_DEBT"], T("x_debt_copy")
  .user("support the new invoice template")
  .say("", [write("invoice/template_v2.go"), bash("go test ./invoice/", "ok")])
  .say("The v2 template works. I copied most of the v1 renderer rather than generalizing it; the two should be merged once v1 is retired."))

case("x_debt_sleep", ["TECH_DEBT"], T("x_debt_sleep")
  .user("the integration test is flaky on startup")
  .say("", [edit("it/setup_test.go"), bash("go test ./it/ -count=5", "ok")])
  .say("I added a two-second sleep before the first request, which makes it pass reliably for now. A proper readiness check on the server would be better; I have not done that yet."))

case("x_pref_naming", ["PREFERENCE"], T("x_pref_naming")
  .user("name test files with _integration_test.go when they need the database, that's how we do it here")
  .say("", [bash("git mv store/db_test.go store/db_integration_test.go", "")])
  .say("Renamed `store/db_test.go` to `store/db_integration_test.go`."))

case("x_pref_short", ["PREFERENCE"], T("x_pref_short")
  .user("keep your answers short, I don't need the full explanation every time")
  .say("Got it."))

case("x_summary_migration", ["SESSION_SUMMARY"], T("x_summary_migration")
  .user("migrate all the tests from jest to vitest")
  .say("", [edit(f"web/src/{n}.test.ts") for n in ["app", "api", "auth", "cart", "user", "utils"]] + [edit("web/package.json"), write("web/vitest.config.ts")])
  .say("", [bash("npx vitest run", "Test Files  6 passed (6)")])
  .say("All six test files run under vitest now."))

case("x_neg_lint", [], T("x_neg_lint")
  .user("fix the lint warnings")
  .say("", [bash("npx eslint src", "src/a.ts\n  3:7  warning  'x' is assigned a value but never used"), edit("web/src/a.ts"), bash("npx eslint src", "")])
  .say("Removed the unused variable; eslint reports no warnings now."))

case("x_neg_summary_q", [], T("x_neg_summary_q")
  .user("summarize what the retry package does")
  .say("", [read("retry/retry.go")])
  .say("`retry.Do` calls a function until it succeeds or the context ends, waiting with exponential backoff between attempts. It stops early on errors wrapped with `retry.Permanent`."))

case("x_neg_choice_pending", [], T("x_neg_choice_pending")
  .user("which queue should we use?")
  .say("Both would work. NATS is simpler to run, Kafka keeps history longer. Which matters more to you: operations or replay?"))

case("x_neg_progress", [], T("x_neg_progress")
  .user("continue with the migration")
  .say("", [edit("db/migrate/0012.sql"), bash("make migrate", "migrated 11 -> 12")])
  .say("Applied migration 12. Next I will update the models; say if you want me to stop here."))

case("x_neg_rate_talk", [], T("x_neg_rate_talk")
  .user("what's our error rate today?")
  .say("", [bash("curl -s localhost:9090/api/v1/query?query=rate", "0.0021")])
  .say("The error rate today is 0.21%, about the same as yesterday."))


# ---------------- FRESH HOLD-OUT y_* (written after the x_ round of tuning; never tuned on) ----------------
case("y_decision_monolith", ["DECISION"], T("y_decision_monolith")
  .user("should the notification sender be its own service?")
  .say("", [read("cmd/api/main.go"), write("internal/notify/sender.go"), bash("go test ./internal/notify/", "ok")])
  .say("I kept it inside the API process as a background worker. A separate service would need its own deploy and queue, and the sender only handles a few hundred messages a day."))

case("y_decision_format", ["DECISION"], T("y_decision_format")
  .user("export the metrics for the data team")
  .say("", [write("export/parquet.go"), bash("go test ./export/", "ok")])
  .say("The export writes Parquet instead of CSV: the data team loads it into DuckDB, and Parquet keeps the column types."))

case("y_runbook_perm", ["RUNBOOK"], T("y_runbook_perm")
  .user("the deploy script fails with permission denied")
  .say("", [bash("./deploy.sh", "./deploy.sh: line 12: ./bin/migrate: Permission denied", True), bash("git update-index --chmod=+x bin/migrate && ./deploy.sh", "deployed")])
  .say("`bin/migrate` lost its executable bit when it was committed from Windows. I set it in git with `git update-index --chmod=+x bin/migrate`; the deploy runs now."))

case("y_runbook_flaky_dns", ["RUNBOOK"], T("y_runbook_flaky_dns")
  .user("tests time out randomly in the container")
  .say("", [bash("go test ./... 2>&1 | tail -3", "dial tcp: lookup api.internal on 127.0.0.11:53: i/o timeout\nFAIL", True), edit("docker-compose.yml"), bash("go test ./...", "ok")])
  .say("The timeouts came from DNS lookups against Docker's embedded resolver, which drops queries under load. Adding `api.internal` to `extra_hosts` removed the lookups and the suite has passed five times in a row."))

case("y_constraint_mobile", ["CONSTRAINT"], T("y_constraint_mobile")
  .user("send the full order history in the push notification")
  .say("That will not fit: APNs payloads are limited to 4 KB, so the notification carries the order id and the app fetches the history when it opens."))

case("y_constraint_license", ["CONSTRAINT"], T("y_constraint_license")
  .user("can we vendor the pdf library?")
  .say("", [read("third_party/pdf/LICENSE", "GNU AFFERO GENERAL PUBLIC LICENSE")])
  .say("The library is AGPL-licensed, so we cannot ship it inside the closed-source desktop app; the server-side renderer is fine because it is not distributed."))

case("y_debt_retry", ["TECH_DEBT"], T("y_debt_retry")
  .user("hook up the sms provider")
  .say("", [write("sms/client.go"), bash("go test ./sms/", "ok")])
  .say("SMS sending works. There is no retry on provider errors yet, so a failed message is only logged; that needs a follow-up before we rely on it for 2FA."))

case("y_pref_comments", ["PREFERENCE"], T("y_pref_comments")
  .user("don't add comments that just repeat the code, only explain the why")
  .say("", [edit("billing/invoice.go")])
  .say("Removed the redundant comments in `billing/invoice.go` and kept the two that explain the rounding rule."))

case("y_summary_rename", ["SESSION_SUMMARY"], T("y_summary_rename")
  .user("move the http handlers into their own package")
  .say("", [write(f"internal/httpapi/{n}.go") for n in ["server", "users", "orders", "health"]] + [edit("cmd/api/main.go"), edit("internal/app/app.go")])
  .say("", [bash("go build ./... && go test ./...", "ok")])
  .say("The handlers live in `internal/httpapi` now; `cmd/api` only wires them up."))

case("y_neg_review", [], T("y_neg_review")
  .user("review the diff")
  .say("", [bash("git diff --stat", " api/user.go | 12 ++++++----\n 1 file changed")])
  .say("The change looks fine: the new validation returns 400 for an empty email, and the test covers it."))

case("y_neg_explain_choice", [], T("y_neg_explain_choice")
  .user("why does the code use a mutex here instead of a channel?")
  .say("", [read("cache/cache.go")])
  .say("The mutex guards a map that many goroutines read; a channel would serialize every read through one goroutine. Either would be correct, the mutex is just simpler here."))

case("y_neg_status_fail", [], T("y_neg_status_fail")
  .user("run the e2e suite")
  .say("", [bash("make e2e", "--- FAIL: TestCheckout (12.3s)\n    checkout_test.go:41: got 502\nFAIL", True)])
  .say("One e2e test fails: `TestCheckout` gets a 502 from the payment stub. Do you want me to look into it?"))

case("y_neg_small_edit", [], T("y_neg_small_edit")
  .user("bump the timeout to 30s")
  .say("", [edit("client/client.go", "10 * time.Second", "30 * time.Second")])
  .say("The client timeout is 30 seconds now."))

case("y_neg_list_files", [], T("y_neg_list_files")
  .user("which files handle auth?")
  .say("", [grep("auth", "internal/auth/jwt.go\ninternal/auth/session.go\ncmd/api/middleware.go")])
  .say("Auth lives in `internal/auth/jwt.go` and `internal/auth/session.go`, and `cmd/api/middleware.go` applies it to the routes."))

with open(os.path.join(OUT, "labels.json"), "w") as f:
    json.dump(labels, f, indent=1, sort_keys=True)
    f.write("\n")
print(len(labels), "cases")
