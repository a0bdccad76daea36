#!/usr/bin/env bash
# Whole-process timing of memory-triage on the heuristic path: a Stop whose
# transcript tail is 50 messages (policy/triage/testdata/bench50.jsonl).
# Prints the mean wall and CPU (user + sys) time per hook run, and the same
# for a minimal Go hook (the floor of any Go binary) and for /bin/true (the
# cost of the loop itself). On a loaded machine the
# CPU time is the steadier figure. Target: <= 5 ms per run.
#
#   examples/memory-triage/bench.sh [RUNS]   (default 200)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-200}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# CGO_ENABLED=0: a static binary. With cgo, net (pulled in by the LLM
# providers) links the C library, and the dynamic loader adds ~1 ms to every
# start of the hook, a fifth of the budget. The floor is built the same way.
export CGO_ENABLED=0
go build -o "$tmp/memory-triage" ./examples/memory-triage
# The floor of any Go hook: a binary that reads stdin and prints {}.
mkdir -p "$tmp/floor"
printf 'module floor\ngo 1.26\n' >"$tmp/floor/go.mod"
printf 'package main\n\nimport (\n\t"io"\n\t"os"\n)\n\nfunc main() { io.ReadAll(os.Stdin); os.Stdout.WriteString("{}\\n") }\n' >"$tmp/floor/main.go"
(cd "$tmp/floor" && go build -o "$tmp/floor-hook" .)
transcript=$(pwd)/policy/triage/testdata/bench50.jsonl
mkdir -p "$tmp/cwd"
printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"Renamed the field; tests pass."}' \
	"$transcript" "$tmp/cwd" >"$tmp/in.json"

printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"Renamed the field; tests pass."}' \
	"$tmp/missing.jsonl" "$tmp/cwd" >"$tmp/in0.json"

# Check the path once: it must score the tail and block.
"$tmp/memory-triage" <"$tmp/in.json" | grep -q '"decision":"block"' || { echo "bench: expected a block" >&2; exit 1; }
rm -f "$tmp/cwd/.claude/.stop_hook_active"

time_runs() { # time_runs INPUT CMD... : "WALL CPU" ms per run of CMD <INPUT
	local t in=$1
	shift
	t=$( { TIMEFORMAT='%R %U %S'; time {
		for ((i = 0; i < runs; i++)); do
			"$@" <"$in" >/dev/null
			rm -f "$tmp/cwd/.claude/.stop_hook_active" # every run takes the full path
		done
	}; } 2>&1)
	awk -v t="$t" -v n="$runs" 'BEGIN { split(t, a, " "); printf "%.2f %.2f\n", a[1] * 1000 / n, (a[2] + a[3]) * 1000 / n }'
}
read -r base_wall base_cpu < <(time_runs "$tmp/in.json" /bin/true)
read -r floor_wall floor_cpu < <(time_runs "$tmp/in.json" "$tmp/floor-hook")
read -r none_wall none_cpu < <(time_runs "$tmp/in0.json" "$tmp/memory-triage")
read -r hook_wall hook_cpu < <(time_runs "$tmp/in.json" "$tmp/memory-triage")
echo "memory-triage:          ${hook_wall} ms wall, ${hook_cpu} ms CPU per run over $runs runs"
echo "  without a transcript: ${none_wall} ms wall, ${none_cpu} ms CPU per run"
echo "minimal Go hook:        ${floor_wall} ms wall, ${floor_cpu} ms CPU per run"
echo "/bin/true (loop cost):  ${base_wall} ms wall, ${base_cpu} ms CPU per run"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
