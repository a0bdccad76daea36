#!/usr/bin/env bash
# Start-up of the ready hooks against a hello-world Go binary and against a
# typical grep/jq loop hook, measured pair by pair in one run.
#
#   scripts/startup.sh [ROUNDS] [RUNS]
#
# Pairs (each binary built with CGO_ENABLED=0, as the plugins build them):
#   1. quickstart deciding a finished turn (a Stop whose last message is a
#      plain "done")                          vs hello    target <= 1.3x
#   2. the loop hook deciding a stop of a running loop on a 100 MB
#      transcript, no last_assistant_message in the input (it reads the
#      transcript's end), state in a FileStore on disk
#                                             vs hello    target <= 2.0x
#   3. the same loop stop                     vs a grep/jq loop hook
#                                             (examples/loop/testdata/jq-hook.sh)
#                                                         target >= 40x faster
# and, to show what the -http and -store flags of the two ready hooks cost
# (they link net/http, crypto/tls and go-redis):
#   - a hello-world that links net/http and does nothing with it: the floor
#     of any binary that can serve -http;
#   - the floors of the two ready hooks: hello-worlds linking what their
#     flags and design need and doing nothing with it (quickstart: net/http
#     and go-redis; the loop hook: those and goldmark);
#   - the README's ten-line hook (quickstart's policy, command only; its
#     code is taken from README.md) on the same finished turn;
#   - the loop hook's chain built command only (no -http, no -store), with
#     its FileStore, on the same loop stop.
# Each round times every command RUNS times (median, after warm-up runs) in
# turn, so both sides of a pair share the machine's state of that moment;
# the ratio of a pair is taken per round and the script prints the median
# over ROUNDS rounds (wall time: what a user waits for).
#
# The loop runs with a large -max and CLAUDE_CODE_STOP_HOOK_BLOCK_CAP raised
# as the loop's own warning asks, so that every timed stop is an iteration
# (not the per-turn budget letting the stop through); every hook's output is
# checked before and after the timed runs.
#
# Then, for where the time goes, each hook's largest package inits
# (GODEBUG=inittrace=1) and binary sizes.
#
# Needs: go, jq, bash (unix). Run from anywhere inside the repository.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-7}
runs=${2:-21}
# Each timed loop stop is a block of one turn, and a turn allows at most
# 1000 (hook's limit on STOPHOOK_MAX_TURN_BLOCKS / the host's cap).
((rounds * (runs + 3) + 10 < 1000)) || { echo "startup: ROUNDS x (RUNS+3) must stay under 990 (blocks of one turn)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v jq >/dev/null || { echo "startup: jq is required" >&2; exit 1; }

echo "startup: building" >&2
# A judge pattern without an entry in lazyre's prefilter table is parsed on
# first use (slower, never wrong): say so, as it moves the figures.
if stale=$(cd "$root" && go test -count=1 -v -run '^TestPrefilterTable$' ./internal/lazyre 2>&1 | grep -o '[0-9]* patterns have no entry'); then
	echo "startup: warning: $stale in internal/lazyre/prefilter_table.go; run go test ./internal/lazyre -run TestPrefilterTable -update" >&2
fi
mkdir -p "$work/hello"
cat >"$work/hello/main.go" <<'GO'
package main

import "os"

func main() { os.Stdout.WriteString("{}\n") }
GO
printf 'module hello\n\ngo 1.26.0\n' >"$work/hello/go.mod"
(cd "$work/hello" && CGO_ENABLED=0 go build -o "$work/hello-bin" .)
# A hello-world that links net/http, and the two hooks' chains built
# command only, each in a module of its own that requires this one.
mkdir -p "$work/nethttp"
cat >"$work/nethttp/main.go" <<'GO'
package main

import (
	"net/http"
	"os"
)

var handler http.Handler = http.DefaultServeMux

func main() {
	if len(os.Args) > 1 { // never: keeps the server linked
		http.ListenAndServe(os.Args[1], handler)
	}
	os.Stdout.WriteString("{}\n")
}
GO
printf 'module nethttp\n\ngo 1.26.0\n' >"$work/nethttp/go.mod"
(cd "$work/nethttp" && CGO_ENABLED=0 go build -o "$work/nethttp-bin" .)
mkdir -p "$work/cmdonly/tenline" "$work/cmdonly/loopcmd"
# The README's ten-line hook, as the README shows it.
awk '/^```go/ { b = 1; buf = ""; next }
	/^```/ { if (b && buf ~ /hook\.Main/ && buf ~ /package main/) { printf "%s", buf; exit } b = 0; next }
	b { buf = buf $0 "\n" }' "$root/README.md" >"$work/cmdonly/tenline/main.go"
grep -q 'hook.Main' "$work/cmdonly/tenline/main.go" || { echo "startup: no ten-line hook found in README.md" >&2; exit 1; }
cat >"$work/cmdonly/loopcmd/main.go" <<'GO'
package main

import (
	"context"
	"os"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/loopstate"
	"github.com/stophook/stophook/policy"
)

// loopcmd STATE-DIR < input: the loop hook's policy (examples/loop)
// without -http or -store.
func main() {
	store := stophook.NewFileStore(os.Args[1])
	p := policy.PauseOnBackgroundTasks(&loopstate.Iterator{Store: store})
	os.Exit(hook.Run(context.Background(), p, hook.Options{Store: store, Events: []stophook.Event{stophook.EventStop}}))
}
GO
# The dependency floors: hello-worlds that link the third-party code the
# ready hooks' contracts put in their binaries and do nothing with it —
# net/http and go-redis (quickstart's -http and -store), and goldmark too
# (the loop hook's completion signals outside code). No hook built with
# those flags can start faster than its floor.
mkdir -p "$work/cmdonly/floorqs" "$work/cmdonly/floorloop"
cat >"$work/cmdonly/floorqs/main.go" <<'GO'
package main

import (
	"context"
	"net/http"
	"os"

	"github.com/redis/go-redis/v9"
)

func main() {
	if len(os.Args) > 2 { // never: keeps the server and the client linked
		http.ListenAndServe(os.Args[1], http.DefaultServeMux)
		redis.NewClient(&redis.Options{Addr: os.Args[2]}).Ping(context.Background())
	}
	os.Stdout.WriteString("{}\n")
}
GO
cat >"$work/cmdonly/floorloop/main.go" <<'GO'
package main

import (
	"context"
	"net/http"
	"os"

	"github.com/redis/go-redis/v9"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/text"
)

func main() {
	if len(os.Args) > 2 { // never: keeps the server, the client and the parser linked
		http.ListenAndServe(os.Args[1], http.DefaultServeMux)
		redis.NewClient(&redis.Options{Addr: os.Args[2]}).Ping(context.Background())
		goldmark.DefaultParser().Parse(text.NewReader([]byte(os.Args[3])))
	}
	os.Stdout.WriteString("{}\n")
}
GO
printf 'module cmdonly\n\ngo 1.26.0\n\nrequire github.com/stophook/stophook v0.0.0-00010101000000-000000000000\n\nreplace github.com/stophook/stophook => %s\n' "$root" >"$work/cmdonly/go.mod"
cp "$root/go.sum" "$work/cmdonly/go.sum"
(cd "$work/cmdonly" && export GOFLAGS=-mod=mod GOPROXY=off GOWORK=off CGO_ENABLED=0 &&
	go build -o "$work/tenline" ./tenline && go build -o "$work/loopcmd" ./loopcmd &&
	go build -o "$work/floorqs" ./floorqs && go build -o "$work/floorloop" ./floorloop)
(cd "$root" && CGO_ENABLED=0 go build -o "$work/quickstart" ./examples/quickstart &&
	CGO_ENABLED=0 go build -o "$work/loop" ./examples/loop &&
	go build -o "$work/proctime" ./examples/loop/internal/proctime)

echo "startup: generating a 100 MB transcript" >&2
transcript=$work/transcript.jsonl
(cd "$root" && go run ./internal/gentranscript/cmd/gentranscript -size 100MB \
	-last "Reworked the parser; two tests still fail, continuing." -o "$transcript")

# 1. A finished turn for quickstart: nothing to retry, the session stops.
mkdir -p "$work/project"
jq -cn --arg c "$work/project" \
	'{session_id:"00000000-0000-4000-8000-0000000000aa", cwd:$c, hook_event_name:"Stop", stop_hook_active:false, last_assistant_message:"Done: the parser is rewritten and all 41 tests pass."}' >"$work/finished.json"

# 2. A running loop, its state on disk, an input without the last message.
session=bench-0000-4000-8000-000000000001
state=$work/state
export CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=1000000
jq -cn --arg s "$session" --arg t "$transcript" --arg c "$work" \
	'{session_id:$s, transcript_path:$t, cwd:$c, hook_event_name:"Stop", stop_hook_active:true}' >"$work/loop.json"
CLAUDE_CODE_SESSION_ID=$session "$work/loop" start -max 1000000 -state "$state" "benchmark task" >/dev/null
state2=$work/state2
CLAUDE_CODE_SESSION_ID=$session "$work/loop" start -max 1000000 -state "$state2" "benchmark task" >/dev/null

# 3. The grep/jq hook on an equivalent state file.
export SEED_STATE=$work/seed-state.json IDLE_LOOP_DISABLE= STOPHOOK_DISABLE= STOPHOOK_STATE_DIR=
printf '{"schema":1,"event":"STATE","run_id":"bench","updated_at":"%s","stack":[{"mode":"loop","iter":1,"max":1000000,"prompt":"benchmark task"}]}\n' \
	"$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$SEED_STATE"
cp "$root/examples/loop/testdata/jq-hook.sh" "$work/jq-hook.sh" && chmod +x "$work/jq-hook.sh"

# Every hook must decide as intended, or the comparison is void.
check() {
	local out
	for hook in "$work/quickstart" "$work/tenline"; do
		out=$($hook <"$work/finished.json")
		[[ "$out" != *'"decision":"block"'* ]] || { echo "startup: $hook blocked a finished turn: $out" >&2; exit 1; }
	done
	for hook in "$work/loop -state $state" "$work/loopcmd $state2" "$work/jq-hook.sh"; do
		out=$($hook <"$work/loop.json" 2>&1)
		[[ "$out" == *'"decision":"block"'* ]] || { echo "startup: $hook did not block: $out" >&2; exit 1; }
	done
}
check

time_it() { "$work/proctime" -n "$runs" -warmup 3 "$@"; }
declare -a r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 hw nh fq fl tl qs qv lc lp lv jq_
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{print a/b}'; }
for ((i = 0; i < rounds; i++)); do
	read -r h _ < <(time_it -- "$work/hello-bin")
	read -r n _ < <(time_it -- "$work/nethttp-bin")
	read -r fq_ _ < <(time_it -- "$work/floorqs")
	read -r fl_ _ < <(time_it -- "$work/floorloop")
	read -r t _ < <(time_it -stdin "$work/finished.json" -- "$work/tenline")
	read -r q _ < <(time_it -stdin "$work/finished.json" -- "$work/quickstart")
	read -r qv_ _ < <(time_it -- "$work/quickstart" -version)
	read -r c _ < <(time_it -stdin "$work/loop.json" -- "$work/loopcmd" "$state2")
	read -r l _ < <(time_it -stdin "$work/loop.json" -- "$work/loop" -state "$state")
	read -r lv_ _ < <(time_it -- "$work/loop" -version)
	read -r j _ < <(time_it -stdin "$work/loop.json" -- "$work/jq-hook.sh")
	hw+=("$h") nh+=("$n") fq+=("$fq_") fl+=("$fl_") tl+=("$t") qs+=("$q") qv+=("$qv_") lc+=("$c") lp+=("$l") lv+=("$lv_") jq_+=("$j")
	r1+=("$(ratio "$q" "$h")") r2+=("$(ratio "$l" "$h")") r3+=("$(ratio "$j" "$l")")
	r4+=("$(ratio "$n" "$h")") r5+=("$(ratio "$t" "$h")") r6+=("$(ratio "$c" "$h")")
	r7+=("$(ratio "$qv_" "$h")") r8+=("$(ratio "$lv_" "$h")")
	r9+=("$(ratio "$fq_" "$h")") r10+=("$(ratio "$fl_" "$h")")
	echo "startup: round $((i + 1))/$rounds: hello $h ms, hello+net/http $n ms, floors $fq_/$fl_ ms, ten-line $t ms, quickstart $q ms (-version $qv_), loop command-only $c ms, loop $l ms (-version $lv_), grep/jq $j ms" >&2
done
check
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END{m=(NR%2)?v[(NR+1)/2]:(v[NR/2]+v[NR/2+1])/2; printf "%.2f", m}'; }

printf 'rounds %d x %d runs, load %s, %s\n' "$rounds" "$runs" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo n/a)" "$(go version | cut -d' ' -f3-)"
printf 'hello-world Go binary            %6s ms\n' "$(median "${hw[@]}")"
printf 'quickstart, finished turn        %6s ms   %5sx hello     (target <= 1.3x)\n' "$(median "${qs[@]}")" "$(median "${r1[@]}")"
printf 'loop hook, 100 MB transcript     %6s ms   %5sx hello     (target <= 2.0x)\n' "$(median "${lp[@]}")" "$(median "${r2[@]}")"
printf 'grep/jq loop hook                %6s ms   %5sx the loop hook (target >= 40x)\n' "$(median "${jq_[@]}")" "$(median "${r3[@]}")"
echo "what -http and -store cost (they link net/http, crypto/tls, go-redis):"
printf 'hello linking net/http           %6s ms   %5sx hello\n' "$(median "${nh[@]}")" "$(median "${r4[@]}")"
printf 'floor of quickstart              %6s ms   %5sx hello     (hello linking net/http and go-redis)\n' "$(median "${fq[@]}")" "$(median "${r9[@]}")"
printf 'floor of the loop hook           %6s ms   %5sx hello     (hello linking net/http, go-redis and goldmark)\n' "$(median "${fl[@]}")" "$(median "${r10[@]}")"
printf 'ten-line hook (command only)     %6s ms   %5sx hello     (quickstart chain, finished turn)\n' "$(median "${tl[@]}")" "$(median "${r5[@]}")"
printf 'loop chain (command only)        %6s ms   %5sx hello     (same loop stop)\n' "$(median "${lc[@]}")" "$(median "${r6[@]}")"
echo "the same binaries deciding nothing (-version: start, package inits, flags, exit):"
printf 'quickstart -version              %6s ms   %5sx hello\n' "$(median "${qv[@]}")" "$(median "${r7[@]}")"
printf 'loop -version                    %6s ms   %5sx hello\n' "$(median "${lv[@]}")" "$(median "${r8[@]}")"
echo
echo "where the time goes: each package init's median over 9 traced runs (GODEBUG=inittrace=1), the largest, and binary sizes"
# inits prints "package ms" for each package init of one traced run.
inits() { GODEBUG=inittrace=1 "$@" 2>&1 >/dev/null | awk '/^init /{print $2, $5}'; }
for hook in "quickstart $work/finished.json" "tenline $work/finished.json" "loop $work/loop.json" "loopcmd $work/loop.json"; do
	set -- $hook
	args=()
	[[ $1 == loop ]] && args=(-state "$state")
	[[ $1 == loopcmd ]] && args=("$state2")
	for ((k = 0; k < 9; k++)); do inits "$work/$1" "${args[@]}" <"$2"; done |
		sort -k1,1 -k2,2g | awk '
			$1 != p { if (p != "") out(); p = $1; n = 0 }
			{ v[++n] = $2 }
			function out() { m = (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2; total += m; printf "%s %.3f\n", p, m }
			END { out(); printf "TOTAL %.2f\n", total }' >"$work/inits.txt"
	size=$(stat -c %s "$work/$1" 2>/dev/null || stat -f %z "$work/$1")
	printf '%-10s %5.1f MB, package inits %s ms in all; largest:\n' "$1" "$(awk -v s="$size" 'BEGIN{print s/1e6}')" "$(awk '$1 == "TOTAL" {print $2}' "$work/inits.txt")"
	grep -v '^TOTAL ' "$work/inits.txt" | sort -k2 -g -r | awk 'NR <= 4 {printf "  %-45s %s ms\n", $1, $2}'
done
for b in hello-bin nethttp-bin; do
	printf '%-10s %5.1f MB\n' "${b%-bin}" "$(awk -v s="$(stat -c %s "$work/$b" 2>/dev/null || stat -f %z "$work/$b")" 'BEGIN{print s/1e6}')"
done
