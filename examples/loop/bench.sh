#!/usr/bin/env bash
# Whole-process benchmark of the loop Stop hook.
#
#   examples/loop/bench.sh [TRANSCRIPT] [RUNS]
#
# Times the loop hook deciding one stop of an ACTIVE loop on a large
# transcript (100 MB by default, generated with internal/gentranscript)
# from a hook input WITHOUT last_assistant_message, so the hook must find
# the last assistant message in the transcript. It times the same decision
# made by a bash hook in the style of the idle plugin's stop-hook.sh
# (jq + tail -n 20 | jq | grep). Prints both medians (wall clock, and CPU
# time from rusage, which a loaded machine disturbs less), the ratios and
# the peak RSS of the Go hook (targets: <= 5 ms, >= 25x, <= 20 MiB).
# State files go under $TMPDIR, or BENCH_STATE_DIR when set: the Go hook's
# FileStore fsyncs every update, so the disk under it shows in the wall
# time (BENCH_STATE_DIR=/dev/shm/x measures the hook without fsync cost).
#
# Needs: go, jq, bash. Run from anywhere inside the repository.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
transcript=${1:-}
runs=${2:-51}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

command -v jq >/dev/null || { echo "bench: jq is required" >&2; exit 1; }

echo "bench: building examples/loop" >&2
# CGO_ENABLED=0: a static binary; hooks start once per stop, and a cgo-linked
# binary (any that links package net) pays ~1 ms for the dynamic loader.
(cd "$root" && CGO_ENABLED=0 go build -o "$work/loop" ./examples/loop && go build -o "$work/proctime" ./examples/loop/internal/proctime)

if [[ -z "$transcript" ]]; then
	transcript=$work/transcript.jsonl
	echo "bench: generating a 100 MB transcript" >&2
	(cd "$root" && go run ./internal/gentranscript/cmd/gentranscript -size 100MB \
		-last "Reworked the parser; two tests still fail, continuing." -o "$transcript")
fi
size=$(stat -c %s "$transcript" 2>/dev/null || stat -f %z "$transcript")

session=bench-0000-4000-8000-000000000001
state=${BENCH_STATE_DIR:-$work/state}
input=$work/input.json
jq -cn --arg s "$session" --arg t "$transcript" --arg c "$work" \
	'{session_id:$s, transcript_path:$t, cwd:$c, hook_event_name:"Stop", stop_hook_active:true}' >"$input"

# An ACTIVE loop that stays active for every run.
CLAUDE_CODE_SESSION_ID=$session "$work/loop" start -max 1000000 -state "$state" "benchmark task" >/dev/null

# The bash hook: the seed's approach, on an equivalent state file.
seedstate=$work/seed-state.json
cat >"$seedstate" <<JSON
{"schema":1,"event":"STATE","run_id":"bench","updated_at":"$(date -u +%Y-%m-%dT%H:%M:%SZ)","stack":[{"mode":"loop","iter":1,"max":1000000,"prompt":"benchmark task"}]}
JSON
cp "$root/examples/loop/testdata/jq-hook.sh" "$work/seed-hook.sh"
chmod +x "$work/seed-hook.sh"
export SEED_STATE=$seedstate IDLE_LOOP_DISABLE= STOPHOOK_DISABLE=

# Both hooks must block on this transcript, or the comparison is void.
out=$("$work/loop" -state "$state" <"$input")
[[ "$out" == *'"decision":"block"'* ]] || { echo "bench: loop hook did not block: $out" >&2; exit 1; }
out=$("$work/seed-hook.sh" <"$input")
[[ "$out" == *'"decision":"block"'* ]] || { echo "bench: bash hook did not block: $out" >&2; exit 1; }

read -r go_ms go_cpu go_rss < <("$work/proctime" -n "$runs" -stdin "$input" -- "$work/loop" -state "$state")
read -r help_ms help_cpu _ < <("$work/proctime" -n "$runs" -- "$work/loop" help)
read -r bash_ms bash_cpu _ < <("$work/proctime" -n "$runs" -stdin "$input" -- "$work/seed-hook.sh")
ratio=$(awk -v a="$bash_ms" -v b="$go_ms" 'BEGIN{printf "%.1f", a/b}')
cpu_ratio=$(awk -v a="$bash_cpu" -v b="$go_cpu" 'BEGIN{printf "%.1f", (b > 0 ? a/b : 0)}')
rss=$(awk -v k="$go_rss" 'BEGIN{printf "%.1f MiB", k/1024}')

printf 'transcript:         %s (%.1f MB), no last_assistant_message, %d runs each, load %s\n' \
	"$transcript" "$(awk -v s="$size" 'BEGIN{print s/1e6}')" "$runs" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo n/a)"
printf 'loop hook (Go):     median %s ms wall, %s ms CPU   (target <= 5 ms)\n' "$go_ms" "$go_cpu"
printf '  same binary, no decision (loop help): %s ms wall, %s ms CPU (process start + package init)\n' "$help_ms" "$help_cpu"
printf 'bash+jq hook:       median %s ms wall, %s ms CPU\n' "$bash_ms" "$bash_cpu"
printf 'speed-up:           %sx wall, %sx CPU   (target >= 25x)\n' "$ratio" "$cpu_ratio"
printf 'loop hook peak RSS: %s   (target <= 20 MiB)\n' "$rss"
