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
# Each round times every command RUNS times (median, after warm-up runs) in
# turn, so both sides of a pair share the machine's state of that moment;
# the ratio of a pair is taken per round and the script prints the median
# over ROUNDS rounds. Wall time is what a user waits for; CPU time (rusage)
# is printed too, as a loaded machine disturbs it less.
#
# Then, for where the time goes, each hook's largest package inits
# (GODEBUG=inittrace=1) and binary sizes.
#
# Needs: go, jq, bash (unix). Run from anywhere inside the repository.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-7}
runs=${2:-21}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v jq >/dev/null || { echo "startup: jq is required" >&2; exit 1; }

echo "startup: building" >&2
mkdir -p "$work/hello"
cat >"$work/hello/main.go" <<'GO'
package main

import "os"

func main() { os.Stdout.WriteString("{}\n") }
GO
printf 'module hello\n\ngo 1.26.0\n' >"$work/hello/go.mod"
(cd "$work/hello" && CGO_ENABLED=0 go build -o "$work/hello-bin" .)
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
jq -cn --arg s "$session" --arg t "$transcript" --arg c "$work" \
	'{session_id:$s, transcript_path:$t, cwd:$c, hook_event_name:"Stop", stop_hook_active:true}' >"$work/loop.json"
CLAUDE_CODE_SESSION_ID=$session "$work/loop" start -max 1000000 -state "$state" "benchmark task" >/dev/null

# 3. The grep/jq hook on an equivalent state file.
export SEED_STATE=$work/seed-state.json IDLE_LOOP_DISABLE= STOPHOOK_DISABLE= STOPHOOK_STATE_DIR=
printf '{"schema":1,"event":"STATE","run_id":"bench","updated_at":"%s","stack":[{"mode":"loop","iter":1,"max":1000000,"prompt":"benchmark task"}]}\n' \
	"$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$SEED_STATE"
cp "$root/examples/loop/testdata/jq-hook.sh" "$work/jq-hook.sh" && chmod +x "$work/jq-hook.sh"

# Every hook must decide as intended, or the comparison is void.
out=$("$work/quickstart" <"$work/finished.json")
[[ "$out" != *'"decision":"block"'* ]] || { echo "startup: quickstart blocked a finished turn: $out" >&2; exit 1; }
for hook in "$work/loop -state $state" "$work/jq-hook.sh"; do
	out=$($hook <"$work/loop.json")
	[[ "$out" == *'"decision":"block"'* ]] || { echo "startup: $hook did not block: $out" >&2; exit 1; }
done

time_it() { "$work/proctime" -n "$runs" -warmup 3 "$@"; }
declare -a r1 r2 r3 hw qs lp jq_
for ((i = 0; i < rounds; i++)); do
	read -r h hc _ < <(time_it -- "$work/hello-bin")
	read -r q qc _ < <(time_it -stdin "$work/finished.json" -- "$work/quickstart")
	read -r l lc _ < <(time_it -stdin "$work/loop.json" -- "$work/loop" -state "$state")
	read -r j jc _ < <(time_it -stdin "$work/loop.json" -- "$work/jq-hook.sh")
	hw+=("$h") qs+=("$q") lp+=("$l") jq_+=("$j")
	r1+=("$(awk -v a="$q" -v b="$h" 'BEGIN{print a/b}')")
	r2+=("$(awk -v a="$l" -v b="$h" 'BEGIN{print a/b}')")
	r3+=("$(awk -v a="$j" -v b="$l" 'BEGIN{print a/b}')")
	echo "startup: round $((i + 1))/$rounds: hello $h ms, quickstart $q ms, loop $l ms, grep/jq $j ms" >&2
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END{m=(NR%2)?v[(NR+1)/2]:(v[NR/2]+v[NR/2+1])/2; printf "%.2f", m}'; }

printf 'rounds %d x %d runs, load %s, %s\n' "$rounds" "$runs" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo n/a)" "$(go version | cut -d' ' -f3-)"
printf 'hello-world Go binary          %6s ms\n' "$(median "${hw[@]}")"
printf 'quickstart, finished turn      %6s ms   %5sx hello     (target <= 1.3x)\n' "$(median "${qs[@]}")" "$(median "${r1[@]}")"
printf 'loop hook, 100 MB transcript   %6s ms   %5sx hello     (target <= 2.0x)\n' "$(median "${lp[@]}")" "$(median "${r2[@]}")"
printf 'grep/jq loop hook              %6s ms   %5sx the loop hook (target >= 40x)\n' "$(median "${jq_[@]}")" "$(median "${r3[@]}")"

echo
echo "where the time goes: each package init's median over 9 traced runs (GODEBUG=inittrace=1), the largest, and binary sizes"
# inits prints "package ms" for each package init of one traced run.
inits() { GODEBUG=inittrace=1 "$@" 2>&1 >/dev/null | awk '/^init /{print $2, $5}'; }
for hook in "quickstart $work/finished.json" "loop $work/loop.json"; do
	set -- $hook
	args=()
	[[ $1 == loop ]] && args=(-state "$state")
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
printf 'hello      %5.1f MB\n' "$(awk -v s="$(stat -c %s "$work/hello-bin" 2>/dev/null || stat -f %z "$work/hello-bin")" 'BEGIN{print s/1e6}')"
