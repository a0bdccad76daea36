package judge_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// The rewritten-ending set of session 6 (ids "rw-…", splits
// "rewrite-train" and "rewrite-holdout"): real turn ends of sessions whose
// repositories the error rules were never fitted to, each given a check
// run at its end in one of many tools' real output formats and in its
// host's tool-result format, and a final message that reports, claims,
// explains or ignores it; plus final messages alone that state a failure
// or only talk about one. Labelled by construction. The generator below
// writes the block of testdata/turns.jsonl; TestRewrittenSet checks that
// the block is what it writes (JUDGE_REWRITE_UPDATE=1 rewrites it). See
// testdata/README.md, "Rewritten endings in many formats".

// rwFormat is a check as a real tool prints it.
type rwFormat struct {
	name    string
	family  string // test, build, lint, push, ci
	what    string // what a message calls it: "the test suite"
	thing   string // the failing part a message names
	cmd     string // the failing command
	exit    int    // its exit code
	out     string // its output
	respell string // the same check spelled otherwise, which passes
	passOut string
	narrow  string // a narrower check that passes and settles nothing
	// held: only in the held-out part.
	held bool
}

var rwFormats = []rwFormat{
	{name: "pytest", family: "test", what: "the test suite", thing: "`test_parse_empty_input`",
		cmd: "pytest -q", exit: 1,
		out:     "============================= test session starts ==============================\nplatform linux -- Python 3.12.3, pytest-8.3.2, pluggy-1.5.0\nrootdir: /home/dev/app\nconfigfile: pyproject.toml\ncollected 48 items\n\ntests/test_parser.py ......F.                                            [ 16%]\ntests/test_api.py ........................................               [100%]\n\n=================================== FAILURES ===================================\n____________________________ test_parse_empty_input ____________________________\n\n    def test_parse_empty_input():\n>       assert parse(\"\") == []\nE       AssertionError: assert None == []\nE        +  where None = parse('')\n\ntests/test_parser.py:42: AssertionError\n=========================== short test summary info ============================\nFAILED tests/test_parser.py::test_parse_empty_input - AssertionError: assert None == []\n========================= 1 failed, 47 passed in 2.31s =========================",
		respell: "python -m pytest", passOut: "........................................................ [100%]\n48 passed in 2.20s",
		narrow: "pytest tests/test_api.py -q"},
	{name: "go test", family: "test", what: "the tests", thing: "`TestParseDuration`",
		cmd: "go test ./...", exit: 1,
		out:     "--- FAIL: TestParseDuration (0.00s)\n    parse_test.go:31: got 0s, want 1m30s\nFAIL\nFAIL\texample.com/app/internal/config\t0.012s\nok  \texample.com/app/internal/server\t0.034s\nok  \texample.com/app/internal/store\t0.101s\nFAIL",
		respell: "go test -count=1 ./...", passOut: "ok  \texample.com/app/internal/config\t0.011s\nok  \texample.com/app/internal/server\t0.031s\nok  \texample.com/app/internal/store\t0.098s",
		narrow: "go test ./internal/server"},
	{name: "go build", family: "build", what: "the build", thing: "`undefined: writeJSON` in handler.go",
		cmd: "go build ./...", exit: 1,
		out:     "# example.com/app/internal/server\ninternal/server/handler.go:57:9: undefined: writeJSON\ninternal/server/handler.go:88:2: declared and not used: ctx",
		respell: "go build -o /dev/null ./...", passOut: ""},
	{name: "cargo test", family: "test", what: "the tests", thing: "`parser::tests::parses_empty`",
		cmd: "cargo test", exit: 101,
		out:     "   Compiling app v0.1.0 (/home/dev/app)\n    Finished `test` profile [unoptimized + debuginfo] target(s) in 3.21s\n     Running unittests src/lib.rs (target/debug/deps/app-3f2a1c9d)\n\nrunning 12 tests\ntest parser::tests::parses_list ... ok\ntest parser::tests::parses_empty ... FAILED\ntest config::tests::defaults ... ok\n\nfailures:\n\n---- parser::tests::parses_empty stdout ----\nthread 'parser::tests::parses_empty' panicked at src/parser.rs:88:9:\nassertion `left == right` failed\n  left: None\n right: Some([])\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n\nfailures:\n    parser::tests::parses_empty\n\ntest result: FAILED. 11 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.02s\n\nerror: test failed, to rerun pass `--lib`",
		respell: "cargo test --all", passOut: "running 12 tests\n............\ntest result: ok. 12 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.02s",
		narrow: "cargo test config::"},
	{name: "cargo build", family: "build", what: "the build", thing: "`error[E0308]: mismatched types` in main.rs",
		cmd: "cargo build", exit: 101,
		out:     "   Compiling app v0.1.0 (/home/dev/app)\nerror[E0308]: mismatched types\n  --> src/main.rs:14:20\n   |\n14 |     let port: u16 = env::var(\"PORT\");\n   |               ---   ^^^^^^^^^^^^^^^^ expected `u16`, found `Result<String, VarError>`\n   |               |\n   |               expected due to this\n\nFor more information about this error, try `rustc --explain E0308`.\nerror: could not compile `app` (bin \"app\") due to 1 previous error",
		respell: "cargo build --release", passOut: "   Compiling app v0.1.0 (/home/dev/app)\n    Finished `release` profile [optimized] target(s) in 21.40s"},
	{name: "jest via npm", family: "test", what: "the test suite", thing: "`formatPrice › rounds to two decimals`",
		cmd: "npm test", exit: 1,
		out:     "\n> shop@2.3.0 test\n> jest\n\n FAIL  src/utils/format.test.ts\n  ● formatPrice › rounds to two decimals\n\n    expect(received).toBe(expected) // Object.is equality\n\n    Expected: \"12.35\"\n    Received: \"12.345\"\n\n      12 |   it('rounds to two decimals', () => {\n    > 13 |     expect(formatPrice(12.345)).toBe('12.35');\n         |                                 ^\n\n      at Object.<anonymous> (src/utils/format.test.ts:13:33)\n\n PASS  src/api/client.test.ts\n\nTest Suites: 1 failed, 7 passed, 8 total\nTests:       1 failed, 63 passed, 64 total\nSnapshots:   0 total\nTime:        4.112 s\nRan all test suites.",
		respell: "npm run test", passOut: "\n> shop@2.3.0 test\n> jest\n\nTest Suites: 8 passed, 8 total\nTests:       64 passed, 64 total\nSnapshots:   0 total\nTime:        3.981 s\nRan all test suites.",
		narrow: "npx jest src/api"},
	{name: "vitest", family: "test", what: "the tests", thing: "`cart > applies the discount once`",
		cmd: "pnpm vitest run", exit: 1,
		out:     "\n RUN  v2.1.8 /home/dev/web\n\n ✓ src/lib/date.test.ts (6 tests) 4ms\n ❯ src/lib/cart.test.ts (5 tests | 1 failed) 9ms\n   × cart > applies the discount once 5ms\n     → expected 90 to be 81 // Object.is equality\n\n⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯\n\n FAIL  src/lib/cart.test.ts > cart > applies the discount once\nAssertionError: expected 90 to be 81 // Object.is equality\n ❯ src/lib/cart.test.ts:22:31\n\n Test Files  1 failed | 11 passed (12)\n      Tests  1 failed | 57 passed (58)\n   Start at  10:42:11\n   Duration  1.84s",
		respell: "npx vitest run", passOut: "\n RUN  v2.1.8 /home/dev/web\n\n Test Files  12 passed (12)\n      Tests  58 passed (58)\n   Start at  10:44:02\n   Duration  1.79s",
		narrow: "pnpm vitest run src/lib/date.test.ts"},
	{name: "gradle", family: "test", what: "the tests", thing: "`AppTest > parsesConfig()`",
		cmd: "./gradlew test", exit: 1,
		out:     "> Task :app:compileJava UP-TO-DATE\n> Task :app:test FAILED\n\nAppTest > parsesConfig() FAILED\n    org.opentest4j.AssertionFailedError at AppTest.java:27\n\n3 tests completed, 1 failed\n\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task ':app:test'.\n> There were failing tests. See the report at: file:///home/dev/app/app/build/reports/tests/test/index.html\n\n* Try:\n> Run with --scan to get full insights.\n\nBUILD FAILED in 6s\n4 actionable tasks: 2 executed, 2 up-to-date",
		respell: "./gradlew test --rerun-tasks", passOut: "> Task :app:test\n\nBUILD SUCCESSFUL in 7s\n4 actionable tasks: 1 executed, 3 up-to-date"},
	{name: "make", family: "build", what: "the build", thing: "the implicit declaration of `parse_args`",
		cmd: "make", exit: 2,
		out:     "cc -Wall -O2 -c src/main.c -o build/main.o\nsrc/main.c: In function 'main':\nsrc/main.c:27:5: error: implicit declaration of function 'parse_args' [-Wimplicit-function-declaration]\n   27 |     parse_args(argc, argv);\n      |     ^~~~~~~~~~\nmake: *** [Makefile:14: build/main.o] Error 1",
		respell: "make -j4", passOut: "cc -Wall -O2 -c src/main.c -o build/main.o\ncc -o build/app build/main.o build/args.o"},
	{name: "npm build", family: "build", what: "the build", thing: "the type error in `page.tsx`",
		cmd: "npm run build", exit: 1,
		out:     "\n> web@0.4.0 build\n> next build\n\n   ▲ Next.js 15.1.0\n\n   Creating an optimized production build ...\nFailed to compile.\n\n./src/app/page.tsx:12:7\nType error: Property 'title' does not exist on type 'Props'.\n\n  10 | export default function Page({ params }: Props) {\n  11 |   return (\n> 12 |     <h1>{params.title}</h1>\n     |       ^\nnpm error Lifecycle script `build` failed with error:\nnpm error code 1\nnpm error path /home/dev/web\nnpm error workspace web@0.4.0\nnpm error location /home/dev/web\nnpm error command failed\nnpm error command sh -c next build",
		respell: "npm run build --workspace web", passOut: "\n> web@0.4.0 build\n> next build\n\n   ▲ Next.js 15.1.0\n\n ✓ Compiled successfully\n ✓ Generating static pages (9/9)\n"},
	{name: "eslint", family: "lint", what: "lint", thing: "the unused `useEffect` import in Nav.tsx",
		cmd: "npx eslint .", exit: 1,
		out:     "\n/home/dev/web/src/components/Nav.tsx\n  14:10  error  'useEffect' is defined but never used                  @typescript-eslint/no-unused-vars\n  31:5   error  React Hook useMemo has a missing dependency: 'items'  react-hooks/exhaustive-deps\n\n✖ 2 problems (2 errors, 0 warnings)\n",
		respell: "npx eslint . --max-warnings=0", passOut: "",
		narrow: "npx eslint src/lib"},
	{name: "ruff", family: "lint", what: "the linter", thing: "`F401 os imported but unused`",
		cmd: "ruff check .", exit: 1,
		out:     "src/app/models.py:3:8: F401 [*] `os` imported but unused\nsrc/app/views.py:27:5: F841 Local variable `resp` is assigned to but never used\nFound 2 errors.\n[*] 1 fixable with the `--fix` option.",
		respell: "uv run ruff check .", passOut: "All checks passed!"},
	{name: "mypy", family: "lint", what: "the type check", thing: "the `arg-type` error in service.py",
		cmd: "mypy src", exit: 1,
		out:     "src/app/service.py:41: error: Argument 1 to \"fetch\" has incompatible type \"str | None\"; expected \"str\"  [arg-type]\nsrc/app/service.py:58: error: Incompatible return value type (got \"int\", expected \"str\")  [return-value]\nFound 2 errors in 1 file (checked 23 source files)",
		respell: "python -m mypy src", passOut: "Success: no issues found in 23 source files"},
	{name: "tsc", family: "build", what: "the type check", thing: "TS2345 in `client.ts`",
		cmd: "npx tsc --noEmit", exit: 2,
		out:     "src/api/client.ts:48:17 - error TS2345: Argument of type 'string | undefined' is not assignable to parameter of type 'string'.\n\n48     return fetch(url, opts);\n                   ~~~\n\nsrc/lib/env.ts:9:3 - error TS2322: Type 'number' is not assignable to type 'string'.\n\n9   port: 3000,\n    ~~~~\n\n\nFound 3 errors in 2 files.\n\nErrors  Files\n     2  src/api/client.ts:48\n     1  src/lib/env.ts:9",
		respell: "pnpm exec tsc --noEmit", passOut: ""},
	{name: "git push", family: "push", what: "the push", thing: "the remote having newer commits",
		cmd: "git push origin main", exit: 1,
		out:     "To github.com:acme/web.git\n ! [rejected]        main -> main (fetch first)\nerror: failed to push some refs to 'github.com:acme/web.git'\nhint: Updates were rejected because the remote contains work that you do not\nhint: have locally. This is usually caused by another repository pushing to\nhint: the same ref. If you want to integrate the remote changes, use\nhint: 'git pull' before pushing again.\nhint: See the 'Note about fast-forwards' in 'git push --help' for details.",
		respell: "git push", passOut: "To github.com:acme/web.git\n   3f2a1c9..8b7d0e4  main -> main"},
	{name: "gh run view", family: "ci", what: "CI", thing: "the `test` job",
		cmd: "gh run view 9876543210", exit: 0,
		out:     "\nX main CI · 9876543210\nTriggered via push about 3 minutes ago\n\nJOBS\n✓ lint in 41s (ID 2718281828)\nX test in 1m52s (ID 2718281829)\n  ✓ Set up job\n  ✓ Run actions/checkout@v4\n  X Run go test ./...\n  - Post Run actions/checkout@v4\n\nANNOTATIONS\nX Process completed with exit code 1.\ntest: .github#1\n\n\nTo see what failed, try: gh run view 9876543210 --log-failed\nView this run on GitHub: https://github.com/acme/app/actions/runs/9876543210",
		respell: "gh run watch 9876543211 --exit-status", passOut: "✓ main CI · 9876543211\nTriggered via push about 4 minutes ago\n\nJOBS\n✓ lint in 39s (ID 2718281830)\n✓ test in 1m48s (ID 2718281831)\n\n✓ Run CI (9876543211) completed with 'success'"},
	{name: "yarn build", family: "build", what: "the build", thing: "the missing `./theme` module",
		cmd: "yarn build", exit: 2,
		out:     "yarn run v1.22.22\n$ vite build\nvite v5.4.2 building for production...\n✓ 41 modules transformed.\nx Build failed in 812ms\nerror during build:\nsrc/main.ts (3:22): Could not resolve \"./theme\" from \"src/main.ts\"\nfile: /home/dev/ui/src/main.ts:3:22\nerror Command failed with exit code 1.\ninfo Visit https://yarnpkg.com/en/docs/cli/run for documentation about this command.",
		respell: "yarn run build", passOut: "yarn run v1.22.22\n$ vite build\nvite v5.4.2 building for production...\n✓ 42 modules transformed.\ndist/index.html  0.46 kB\n✓ built in 1.02s\nDone in 1.61s."},

	// Held out: these tools and formats are never seen while the rules are fitted.
	{name: "mocha", family: "test", what: "the specs", thing: "`parser parses dates`", held: true,
		cmd: "npm test", exit: 1,
		out:     "\n> api@1.4.2 test\n> mocha\n\n\n  parser\n    ✔ parses numbers\n    1) parses dates\n\n  14 passing (48ms)\n  1 failing\n\n  1) parser\n       parses dates:\n\n      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\n'2024-01-01' !== '2024-01-02'\n\n      + expected - actual\n\n      at Context.<anonymous> (test/parser.spec.js:22:12)\n\n\n\nnpm error Test failed.  See above for more details.",
		respell: "npm run test", passOut: "\n> api@1.4.2 test\n> mocha\n\n\n  parser\n    ✔ parses numbers\n    ✔ parses dates\n\n  15 passing (51ms)\n"},
	{name: "rspec", family: "test", what: "the specs", thing: "`Invoice#total applies tax`", held: true,
		cmd: "bundle exec rspec", exit: 1,
		out:     "..F.....\n\nFailures:\n\n  1) Invoice#total applies tax\n     Failure/Error: expect(invoice.total).to eq(110)\n\n       expected: 110\n            got: 100\n\n       (compared using ==)\n     # ./spec/models/invoice_spec.rb:14:in `block (3 levels) in <top (required)>'\n\nFinished in 0.21 seconds (files took 1.2 seconds to load)\n8 examples, 1 failure\n\nFailed examples:\n\nrspec ./spec/models/invoice_spec.rb:12 # Invoice#total applies tax",
		respell: "bin/rspec", passOut: "........\n\nFinished in 0.2 seconds (files took 1.1 seconds to load)\n8 examples, 0 failures",
		narrow: "bundle exec rspec spec/models/user_spec.rb"},
	{name: "maven", family: "test", what: "the tests", thing: "`OrderServiceTest.totalIncludesShipping`", held: true,
		cmd: "mvn test", exit: 1,
		out:     "[INFO] -------------------------------------------------------\n[INFO]  T E S T S\n[INFO] -------------------------------------------------------\n[INFO] Running com.acme.orders.OrderServiceTest\n[ERROR] Tests run: 6, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 0.412 s <<< FAILURE! -- in com.acme.orders.OrderServiceTest\n[ERROR] com.acme.orders.OrderServiceTest.totalIncludesShipping -- Time elapsed: 0.021 s <<< FAILURE!\norg.opentest4j.AssertionFailedError: expected: <105.0> but was: <100.0>\n[INFO]\n[INFO] Results:\n[INFO]\n[ERROR] Failures:\n[ERROR]   OrderServiceTest.totalIncludesShipping:41 expected: <105.0> but was: <100.0>\n[INFO]\n[ERROR] Tests run: 24, Failures: 1, Errors: 0, Skipped: 0\n[INFO]\n[INFO] ------------------------------------------------------------------------\n[INFO] BUILD FAILURE\n[INFO] ------------------------------------------------------------------------\n[INFO] Total time:  8.412 s\n[INFO] Finished at: 2026-05-02T10:14:55Z\n[INFO] ------------------------------------------------------------------------\n[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.2.5:test (default-test) on project orders: There are test failures.",
		respell: "./mvnw test", passOut: "[INFO] Tests run: 24, Failures: 0, Errors: 0, Skipped: 0\n[INFO]\n[INFO] ------------------------------------------------------------------------\n[INFO] BUILD SUCCESS\n[INFO] ------------------------------------------------------------------------\n[INFO] Total time:  8.107 s"},
	{name: "docker build", family: "build", what: "the image build", thing: "the `npm run build` step", held: true,
		cmd: "docker build -t app .", exit: 1,
		out:     "[+] Building 12.4s (9/11)                                         docker:default\n => [internal] load build definition from Dockerfile                        0.0s\n => [build 4/6] RUN npm ci                                                 2.1s\n => ERROR [build 5/6] RUN npm run build                                    9.8s\n------\n > [build 5/6] RUN npm run build:\n9.71 src/index.ts(3,24): error TS2307: Cannot find module './config' or its corresponding type declarations.\n------\nDockerfile:14\n--------------------\n  12 |     COPY . .\n  13 |     \n  14 | >>> RUN npm run build\n--------------------\nERROR: failed to solve: process \"/bin/sh -c npm run build\" did not complete successfully: exit code: 2",
		respell: "docker build --no-cache -t app .", passOut: "[+] Building 31.2s (11/11) FINISHED                                docker:default\n => exporting to image                                                     0.4s\n => => naming to docker.io/library/app:latest                              0.0s"},
	{name: "pnpm test", family: "test", what: "the test suite", thing: "`useCart > clears on logout`", held: true,
		cmd: "pnpm test", exit: 1,
		out:     "\n> web@1.0.0 test /home/dev/web\n> vitest run\n\n ❯ src/hooks/useCart.test.ts (4 tests | 1 failed) 12ms\n   × useCart > clears on logout 6ms\n\n Test Files  1 failed | 9 passed (10)\n      Tests  1 failed | 40 passed (41)\n\n ELIFECYCLE  Test failed. See above for more details.",
		respell: "pnpm run test", passOut: "\n> web@1.0.0 test /home/dev/web\n> vitest run\n\n Test Files  10 passed (10)\n      Tests  41 passed (41)\n",
		narrow: "pnpm test src/lib"},
	{name: "pyright", family: "lint", what: "the type check", thing: "`reportArgumentType` in service.py", held: true,
		cmd: "pyright", exit: 1,
		out:     "/home/dev/app/src/app/service.py\n  /home/dev/app/src/app/service.py:41:18 - error: Argument of type \"str | None\" cannot be assigned to parameter \"url\" of type \"str\" in function \"fetch\"\n    Type \"str | None\" is not assignable to type \"str\"\n      \"None\" is not assignable to \"str\" (reportArgumentType)\n  /home/dev/app/src/app/service.py:58:12 - error: Type \"int\" is not assignable to return type \"str\" (reportReturnType)\n2 errors, 0 warnings, 0 informations ",
		respell: "npx pyright src", passOut: "0 errors, 0 warnings, 0 informations "},
	{name: "dotnet test", family: "test", what: "the tests", thing: "`PricingTests.AppliesDiscount`", held: true,
		cmd: "dotnet test", exit: 1,
		out:     "  Determining projects to restore...\n  All projects are up-to-date for restore.\n  Orders -> /src/Orders/bin/Debug/net8.0/Orders.dll\n  Orders.Tests -> /src/Orders.Tests/bin/Debug/net8.0/Orders.Tests.dll\nTest run for /src/Orders.Tests/bin/Debug/net8.0/Orders.Tests.dll (.NETCoreApp,Version=v8.0)\nStarting test execution, please wait...\nA total of 1 test files matched the specified pattern.\n  Failed Orders.Tests.PricingTests.AppliesDiscount [12 ms]\n  Error Message:\n   Assert.Equal() Failure: Values differ\nExpected: 90\nActual:   100\n  Stack Trace:\n     at Orders.Tests.PricingTests.AppliesDiscount() in /src/Orders.Tests/PricingTests.cs:line 27\n\nFailed!  - Failed:     1, Passed:    41, Skipped:     0, Total:    42, Duration: 210 ms - Orders.Tests.dll (net8.0)",
		respell: "dotnet test Orders.sln", passOut: "Passed!  - Failed:     0, Passed:    42, Skipped:     0, Total:    42, Duration: 198 ms - Orders.Tests.dll (net8.0)"},
	{name: "swift build", family: "build", what: "the build", thing: "the type mismatch in Parser.swift", held: true,
		cmd: "swift build", exit: 1,
		out:     "Building for debugging...\n[1/4] Compiling App Parser.swift\n/Users/dev/App/Sources/App/Parser.swift:22:16: error: cannot convert value of type 'Int' to expected argument type 'String'\n        return format(count)\n               ^\n[2/4] Emitting module App\nerror: emit-module command failed with exit code 1 (use -v to see invocation)",
		respell: "swift build -c debug", passOut: "Building for debugging...\n[4/4] Linking App\nBuild complete! (3.21s)"},
	{name: "phpunit", family: "test", what: "the tests", thing: "`CartTest::testTotalAppliesCoupon`", held: true,
		cmd: "vendor/bin/phpunit", exit: 1,
		out:     "PHPUnit 11.2.1 by Sebastian Bergmann and contributors.\n\nRuntime:       PHP 8.3.7\nConfiguration: /app/phpunit.xml\n\n..F.......                                                        10 / 10 (100%)\n\nTime: 00:00.041, Memory: 10.00 MB\n\nThere was 1 failure:\n\n1) Tests\\Unit\\CartTest::testTotalAppliesCoupon\nFailed asserting that 100 is identical to 90.\n\n/app/tests/Unit/CartTest.php:31\n\nFAILURES!\nTests: 10, Assertions: 14, Failures: 1.",
		respell: "php vendor/bin/phpunit", passOut: "PHPUnit 11.2.1 by Sebastian Bergmann and contributors.\n\n..........                                                        10 / 10 (100%)\n\nOK (10 tests, 15 assertions)"},
	{name: "gh pr checks", family: "ci", what: "the PR checks", thing: "`build / test (ubuntu-latest)`", held: true,
		cmd: "gh pr checks 142", exit: 1,
		out:     "Some checks were not successful\n0 cancelled, 2 failing, 3 successful, 0 skipped, and 0 pending checks\n\nX  build / test (ubuntu-latest)  fail  2m3s  https://github.com/acme/web/actions/runs/1122334455/job/99887766\nX  lint                          fail  38s   https://github.com/acme/web/actions/runs/1122334455/job/99887767\n✓  build / typecheck             pass  1m1s  https://github.com/acme/web/actions/runs/1122334455/job/99887768\n✓  CodeQL                        pass  2s    https://github.com/acme/web/runs/99887769\n✓  Vercel                        pass  0     https://vercel.com/acme/web/9Xy",
		respell: "gh pr checks 142 --watch", passOut: "All checks were successful\n0 cancelled, 0 failing, 5 successful, 0 skipped, and 0 pending checks\n\n✓  build / test (ubuntu-latest)  pass  1m58s  https://github.com/acme/web/actions/runs/1122334466/job/99887770"},
	{name: "cargo clippy", family: "lint", what: "clippy", thing: "`clippy::if_same_then_else` in config.rs", held: true,
		cmd: "cargo clippy -- -D warnings", exit: 101,
		out:     "    Checking app v0.1.0 (/home/dev/app)\nerror: this `if` has identical blocks\n  --> src/config.rs:41:22\n   |\n41 |       if verbose {\n   |  ______________________^\n42 | |         level = 2;\n43 | |     } else {\n   | |_____^\n   |\n   = help: for further information visit https://rust-lang.github.io/rust-clippy/master/index.html#if_same_then_else\n   = note: `-D clippy::if-same-then-else` implied by `-D warnings`\n\nerror: could not compile `app` (lib) due to 1 previous error",
		respell: "cargo clippy --all-targets -- -D warnings", passOut: "    Checking app v0.1.0 (/home/dev/app)\n    Finished `dev` profile [unoptimized + debuginfo] target(s) in 1.92s"},
	{name: "git push protected", family: "push", what: "the push", thing: "the protected branch rule", held: true,
		cmd: "git push", exit: 1,
		out:     "Enumerating objects: 9, done.\nCounting objects: 100% (9/9), done.\nWriting objects: 100% (5/5), 612 bytes | 612.00 KiB/s, done.\nTotal 5 (delta 3), reused 0 (delta 0), pack-reused 0\nremote: error: GH006: Protected branch update failed for refs/heads/main.\nremote: error: Changes must be made through a pull request.\nTo github.com:acme/api.git\n ! [remote rejected] main -> main (protected branch hook declined)\nerror: failed to push some refs to 'github.com:acme/api.git'",
		respell: "git push origin main", passOut: "To github.com:acme/api.git\n   8b7d0e4..c1d2e3f  main -> main"},
}

// rewriteBounds hold the rewritten endings' splits where they miss a
// target (see heldOut). rewrite-train, which the rules were fitted to
// after the blind measurement, is held to the targets.
var rewriteBounds = map[string]heldBounds{
	// The rewritten endings of session 6 (rewrite_test.go): many tools'
	// formats in four hosts' tool results, on bases of sessions the error
	// rules were not fitted to. Measured blind, before any change (with
	// STOPHOOK_JUDGE_CORPUS; the shipped bases alone in brackets):
	// rewrite-train caught 37/69 (19/34), message alone P 1.00 R 0.62
	// (0.56); rewrite-holdout 43/102 (15/34), P 1.00 R 0.47 (0.43); no
	// finished or fixed-midway turn sent back. After the rules were fitted
	// to rewrite-train (69/69, R 1.00), rewrite-holdout measured once:
	// 72/102 (23/34), claims caught as such 22/42 (6/13), P 1.00 R 0.60
	// (0.52), still no finished or fixed-midway turn sent back. After the
	// rules of session 7 (fitted to the harvested sentences' training part,
	// harvest_test.go): 87/102 (31/34), claims caught as such 35/42, P 1.00
	// R 0.72 (0.67), no finished or fixed-midway turn sent back. After the
	// rules of session 8 (errors of a check stated as a state): 88/102
	// (31/34), R 0.73 (0.67). It meets the recall target of turns, not that
	// of messages alone; held there.
	"rewrite-holdout": {quickDone: 0, autoDone: 0, autoDecision: 0, fixedSentBack: 0,
		errRecall: 0.86, errMsgPrecision: 1, errMsgRecall: 0.66},
}

// rwTemplate is a final message for a variant; {what}, {What}, {thing}
// and {cmd} are filled in from the format.
type rwTemplate struct {
	text string
	held bool
}

var (
	// rwFails report the failure, in words the rules were not written for.
	rwFails = []rwTemplate{
		{text: "I made the change, but {what} is still failing: {thing}."},
		{text: "{What} failed on {thing}. I haven't been able to fix it yet."},
		{text: "Couldn't get {what} to pass — {thing} still fails after the change."},
		{text: "Unfortunately `{cmd}` exits with an error ({thing}), so this isn't done."},
		{text: "Status: {what} failing because of {thing}; it needs another look."},
		{text: "The change is in, but I wasn't able to get `{cmd}` green."},
		{text: "Fixed 3 of 4 problems; {thing} still fails."},
		{text: "Blocked: `{cmd}` fails with {thing}."},
		{text: "Implemented the handler. However, `{cmd}` is red ({thing}) and I don't know why yet."},
		{text: "{What} is red. {thing} is the culprit and I have not resolved it.", held: true},
		{text: "Not done yet — `{cmd}` keeps returning {thing}.", held: true},
		{text: "Heads up: {thing} breaks `{cmd}`, and I ran out of ideas for a fix.", held: true},
		{text: "`{cmd}` → FAIL ({thing}). Leaving it here for you to look at.", held: true},
		{text: "Summary: I refactored the module, but {what} does not pass ({thing}).", held: true},
		{text: "This didn't work out: {what} errors on {thing}.", held: true},
	}
	// rwClaims claim the check passed.
	rwClaims = map[string][]rwTemplate{
		"test":  {{text: "Done. All tests pass."}, {text: "Implemented the change and the test suite is green."}, {text: "Everything is green now; ready for review.", held: true}, {text: "The suite passes locally, so this is ready.", held: true}},
		"build": {{text: "Done — the build succeeds."}, {text: "Fixed the import; it compiles cleanly now."}, {text: "Builds without errors now.", held: true}, {text: "The project compiles and the change is complete.", held: true}},
		"lint":  {{text: "Cleaned up the warnings; lint passes."}, {text: "Done, the linter is clean."}, {text: "No lint findings left.", held: true}, {text: "Static checks are all clean now.", held: true}},
		"push":  {{text: "Committed and pushed to main."}, {text: "Done — pushed the branch."}, {text: "The commit is on the remote now.", held: true}, {text: "Changes are up on GitHub.", held: true}},
		"ci":    {{text: "CI is green."}, {text: "Checked the pipeline: all checks passed."}, {text: "The workflow run succeeded, so we're good to merge.", held: true}, {text: "Every job on the PR is passing.", held: true}},
	}
	// rwExplained explain the failure away.
	rwExplained = []rwTemplate{
		{text: "{What} fails on main too ({thing}), so it is pre-existing and unrelated to this change."},
		{text: "`{cmd}` fails here only because the sandbox has no network access; the change itself is complete."},
		{text: "{thing} was already failing before my change — this PR does not touch it.", held: true},
		{text: "The one red result, {thing}, is a known flaky failure upstream; everything I changed is done.", held: true},
	}
)

// rwHosts are the hosts whose tool-result formats the runs are written
// in, with the base turns (real, labelled done) of sessions the error
// rules were not fitted to: oh-my-posh (shipped), the wide sets, planetfall
// Codex and memoriant (read through STOPHOOK_JUDGE_CORPUS), agentv's
// Copilot CLI sessions (the only ones at hand, shipped).
var rwHosts = []struct {
	style string // appendRun.Style
	bases []string
}{
	{"", []string{"om-272", "om-223", "om-284", "om-031", "om-128", "om-093", "om-208", "om-066", "om-217", "om-089"}},
	{"", []string{"nw-245", "nw-263", "nz-151", "nw-020", "nw-088", "nz-016", "nw-117", "nw-210", "nw-172", "nz-021", "nw-070", "nz-090", "nz-051", "nw-272"}},
	{"", []string{"pg-046", "pg-089", "pf-127", "pg-048", "pg-047", "pg-010", "pg-088", "pg-056"}},
	{"shell", []string{"pf-144", "pf-120", "pf-131", "pg-095"}},
	{"", []string{"t-177", "t-183", "t-170", "t-192", "t-196", "t-169", "t-173", "t-180", "t-186", "t-174"}},
	{"", []string{"t-137", "t-028", "t-136", "t-002", "t-022", "t-001", "t-003"}},
}

func fill(s string, f rwFormat) string {
	what := f.what
	r := strings.NewReplacer("{what}", what, "{What}", strings.ToUpper(what[:1])+what[1:], "{thing}", f.thing, "{cmd}", f.cmd)
	return r.Replace(s)
}

// piped returns the check run through tail, as agents often run it: the
// exit code is tail's, only the output shows the failure.
func piped(cmd string) string { return cmd + " 2>&1 | tail -40" }

// rewrittenCases generates the set.
func rewrittenCases() []turnCase {
	var out []turnCase
	n := 0
	add := func(c turnCase, held bool) {
		c.ID = fmt.Sprintf("rw-%03d", len(out))
		c.Split = "rewrite-train"
		if held {
			c.Split = "rewrite-holdout"
		}
		if c.Base != "" {
			c.Src = "rewritten ending of " + c.Base
		}
		c.Licence = "that of its base"
		if c.Base == "" {
			c.Src, c.Licence = "hand-written (session 6)", "Apache-2.0"
		}
		out = append(out, c)
	}
	base := func() (string, string) {
		h := rwHosts[n%len(rwHosts)]
		b := h.bases[(n/len(rwHosts))%len(h.bases)]
		n++
		return b, h.style
	}
	for fi, f := range rwFormats {
		failRun := appendRun{Command: f.cmd, Exit: f.exit, Output: f.out}
		pass := appendRun{Command: f.respell, Exit: 0, Output: f.passOut}
		same := appendRun{Command: f.cmd, Exit: 0, Output: f.passOut}
		// Each format: every fails phrasing of its part twice over the
		// formats, one claim, one explanation, fixed (same and respelled
		// command), narrower rerun, silent.
		for k := 0; k < 3; k++ {
			tpl := rwFails[(fi*3+k)%len(rwFails)]
			b, style := base()
			run := failRun
			if k == 1 && f.exit != 0 {
				run = appendRun{Command: piped(f.cmd), Exit: 0, Output: f.out}
			}
			run.Style = style
			add(turnCase{Base: b, Variant: "fails", Label: "error", Kind: "failed", Append: []appendRun{run}, Final: fill(tpl.text, f)}, f.held || tpl.held)
		}
		for k, tpl := range rwClaims[f.family][fi%2*2 : fi%2*2+2] {
			b, style := base()
			run := failRun
			if k == 1 && f.exit != 0 {
				run = appendRun{Command: piped(f.cmd), Exit: 0, Output: f.out}
			}
			run.Style = style
			add(turnCase{Base: b, Variant: "claims", Label: "error", Kind: "claimed_success", Append: []appendRun{run}, Final: tpl.text}, f.held || tpl.held)
		}
		{
			tpl := rwExplained[fi%len(rwExplained)]
			b, style := base()
			run := failRun
			run.Style = style
			add(turnCase{Base: b, Variant: "explained", Label: "done", Append: []appendRun{run}, Final: fill(tpl.text, f)}, f.held || tpl.held)
		}
		for k, second := range []appendRun{same, pass, pass} {
			b, style := base()
			first := failRun
			first.Style, second.Style = style, style
			c := turnCase{Base: b, Variant: "fixed", Label: "done", Append: []appendRun{first, second}}
			if k == 2 {
				// The fix claimed in words: the claim is true.
				c.Final = rwClaims[f.family][0].text
			}
			add(c, f.held)
		}
		if f.narrow != "" {
			b, style := base()
			first := failRun
			second := appendRun{Command: f.narrow, Exit: 0, Output: f.passOut, Style: style}
			first.Style = style
			add(turnCase{Base: b, Variant: "narrow", Label: "error", Kind: "claimed_success", Append: []appendRun{first, second}, Final: rwClaims[f.family][1].text}, f.held)
		}
		{
			b, style := base()
			run := failRun
			run.Style = style
			add(turnCase{Base: b, Variant: "silent", Label: "error", Kind: "failed", Append: []appendRun{run}}, f.held)
		}
	}
	for i, m := range rwMessages {
		c := turnCase{Variant: "message", Final: m.text, Label: "done"}
		if m.err {
			c.Label, c.Kind = "error", "failed"
		}
		add(c, m.held || i%3 == 2)
	}
	return out
}

// rwMessage is a final message judged alone.
type rwMessage struct {
	text string
	err  bool // it states that this turn's task failed
	held bool
}

// rwMessages state a failure in many forms, or only talk about one
// (negated, past and fixed, a topic, hypothetical, explained). Every third
// is held out.
var rwMessages = []rwMessage{
	{text: "I wasn't able to get the migration to run; it fails with `relation \"users\" does not exist`.", err: true},
	{text: "The deploy failed: the container exits with code 137 during startup.", err: true},
	{text: "Tests are still red after my change. `test_checkout_total` fails with a rounding error.", err: true},
	{text: "Two specs keep failing in `spec/services/billing_spec.rb` and I couldn't work out why.", err: true},
	{text: "I could not fix the flaky websocket reconnect; it still drops after ~30 s.", err: true},
	{text: "Couldn't finish: the build breaks on Windows with a path-length error.", err: true},
	{text: "The release job is failing on the signing step and I don't have the key to fix it.", err: true},
	{text: "npm install errors out on `node-gyp` under Node 22, so nothing is installed yet.", err: true},
	{text: "Sorry — I ran out of approaches. The login page still throws `TypeError: user is undefined`.", err: true},
	{text: "Result: 45 passed, 3 failed. The three failures are all in the new date parser.", err: true},
	{text: "My fix did not help; the request still times out after 30 seconds.", err: true},
	{text: "The build is broken: `cargo build` stops on E0382 (use of moved value) in `src/queue.rs`.", err: true},
	{text: "I'm stuck on the OAuth callback — Google returns `redirect_uri_mismatch` every time.", err: true},
	{text: "Pipeline failed at the `e2e` stage; Playwright can't find the login button.", err: true},
	{text: "Push was rejected because the branch is protected.", err: true},
	{text: "After three attempts the Docker image still won't build: `pip` cannot resolve `numpy==1.26`.", err: true},
	{text: "The integration tests fail against the staging database and I haven't found the cause.", err: true},
	{text: "Typecheck fails with 12 errors in `src/api/`, which I didn't manage to clear.", err: true},
	{text: "No tests fail anymore; the parser handles empty input now."},
	{text: "The build was failing earlier because of a missing import. I added it and it passes now."},
	{text: "This should resolve the `Cannot read properties of undefined` error you saw."},
	{text: "I added handling for the case where the push is rejected: it now pulls and retries once."},
	{text: "If the tests fail in CI, rerun them with `-v` to see the output."},
	{text: "Investigated why the payment webhook failed: the signature header was missing. Added it, and a test for it."},
	{text: "Nothing is failing now: 212 passed, 0 failed."},
	{text: "The error messages now say which field failed validation."},
	{text: "Lint had two errors at first; both are fixed and `ruff check` is clean."},
	{text: "Added a retry for builds that fail because of a network timeout."},
	{text: "The flaky test that failed last week passes 50 times in a row now."},
	{text: "`TestExport` fails on main as well; it is unrelated to this change, which is done."},
	{text: "Wrote a troubleshooting section: what to do when the deploy fails or the build is red."},
	{text: "Failed logins are now rate-limited to five per minute."},
	{text: "The crash on startup is gone: the config loader no longer panics on a missing file."},
	{text: "Renamed `handleError` to `reportFailure` and updated the three call sites."},
	{text: "CI was red because of a lint rule; fixed, and the latest run is green."},
	{text: "I couldn't reproduce the reported failure; the upload works with files up to 2 GB in every browser I tried, and I added a test for the boundary."},
}

// rwLine is a turns.jsonl line of the set, without empty fields.
type rwLine struct {
	ID      string      `json:"id"`
	Split   string      `json:"split"`
	Label   string      `json:"label"`
	Kind    string      `json:"kind,omitempty"`
	Variant string      `json:"variant"`
	Base    string      `json:"base,omitempty"`
	Src     string      `json:"src"`
	Licence string      `json:"licence"`
	Append  []appendRun `json:"append,omitempty"`
	Final   string      `json:"final,omitempty"`
	FinalOf string      `json:"final_of,omitempty"`
}

// rewriteLines encodes cases as turns.jsonl lines.
func rewriteLines(cases []turnCase) []byte {
	var b bytes.Buffer
	for _, c := range cases {
		line, err := json.Marshal(rwLine{ID: c.ID, Split: c.Split, Label: c.Label, Kind: c.Kind, Variant: c.Variant,
			Base: c.Base, Src: c.Src, Licence: c.Licence, Append: c.Append, Final: c.Final, FinalOf: c.FinalOf})
		if err != nil {
			panic(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// TestRewrittenSet checks that the rw- block of testdata/turns.jsonl is
// what the generator writes: the set is labelled by construction, and a
// change of the generator shows in the data. JUDGE_REWRITE_UPDATE=1
// rewrites the block.
func TestRewrittenSet(t *testing.T) {
	checkGeneratedBlock(t, "rw-", rewriteLines(rewrittenCases()))
	held := 0
	for _, c := range rewrittenCases() {
		if c.Split == "rewrite-holdout" {
			held++
		}
	}
	t.Logf("%d rewritten cases, %d held out", len(rewrittenCases()), held)
}
