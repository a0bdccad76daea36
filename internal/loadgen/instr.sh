#!/usr/bin/env bash
# User-space instructions per request of the bare handler and of the
# quickstart server (-store memory:) under the load generator's Stop
# inputs at concurrency 64: each server runs under valgrind's cachegrind
# (instruction counts only) and answers 2 000, then in a fresh run 12 000
# requests; the difference over 10 000 is its count a request, start-up
# and shutdown left out. The kernel's work (the socket reads and writes)
# is not counted. Unlike decisions/s, the count hardly moves with the
# load of the other processes on the machine: it compares two versions of
# the server where bench.sh's rates cannot (BENCHMARKS.md, "Hook server",
# session 10). Needs valgrind.
#
#   internal/loadgen/instr.sh [QUICKSTART_BINARY...]
#
# With no argument it builds examples/quickstart from this tree; give
# binaries built from other commits to compare them in one run.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "instr.sh: needs valgrind" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CGO_ENABLED=0 go build -o "$tmp/loadgen" ./internal/loadgen/cmd/loadgen
bins=("$@")
if [[ ${#bins[@]} -eq 0 ]]; then
	CGO_ENABLED=0 go build -o "$tmp/quickstart" ./examples/quickstart
	bins=("$tmp/quickstart")
fi

# count N CMD...: the instructions a server run answering N requests took.
count() {
	local n=$1
	shift
	GOMAXPROCS=2 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>"$tmp/log" &
	local pid=$! addr=""
	for _ in $(seq 600); do
		addr=$(sed -n 's/^listening on //p' "$tmp/log" | head -1)
		[[ -n "$addr" ]] && break
		sleep 0.1
	done
	[[ -n "$addr" ]] || { cat "$tmp/log" >&2; kill "$pid"; echo "instr.sh: $1 did not start" >&2; exit 1; }
	"$tmp/loadgen" -url "http://$addr/stop" -c 64 -n "$n" -warmup 0 >/dev/null
	kill -TERM "$pid"
	wait "$pid" || true
	sed -n 's/.*I *refs: *//p' "$tmp/log" | tr -d ,
}

# perRequest CMD...: instructions a request, from runs of 2 000 and 12 000.
perRequest() {
	local a b
	a=$(count 2000 "$@")
	b=$(count 12000 "$@")
	echo $(((b - a) / 10000))
}

echo "user-space instructions per request at c=64, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "bare $(perRequest "$tmp/loadgen" -bare 127.0.0.1:0)"
for b in "${bins[@]}"; do
	echo "$b $(perRequest "$b" -http 127.0.0.1:0 -store memory:)"
done
