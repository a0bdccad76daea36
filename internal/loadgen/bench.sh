#!/usr/bin/env bash
# Throughput of the quickstart hook server against a bare net/http handler
# answering {}, same run, at concurrency 1, 8 and 64: decisions per second,
# p50 and p99, and the ratio to the bare handler. Targets: bare; floor
# (a handler that checks and reads the request as a hook server must, with
# httphook's timeouts, then answers {}: what no decision can avoid); memory
# (quickstart -store memory:); transcript (the same server, the inputs
# carrying the transcript_path of a real Claude Code session, which the
# judge then reads as real stops make it: the realistic case); file
# (quickstart -store file:DIR, its state in a temporary directory); loop
# (stophook-loop -store memory:, no loop running); redis (quickstart on a
# Redis started here on loopback, when redis-server is on PATH).
#
#   internal/loadgen/bench.sh [REQUESTS] [ROUNDS]
#
# Everything listens on 127.0.0.1 and is stopped at the end. The figures
# go in BENCHMARKS.md ("Hook server").
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-20000}
rounds=${2:-3}
tmp=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT

CGO_ENABLED=0 go build -o "$tmp/loadgen" ./internal/loadgen/cmd/loadgen
CGO_ENABLED=0 go build -o "$tmp/quickstart" ./examples/quickstart
CGO_ENABLED=0 go build -o "$tmp/loop" ./examples/loop
# A shipped session of judge/testdata (Claude Code, MIT; see its README),
# 218 KB and 8 turns, as a client leaves it on disk.
gzip -dc judge/testdata/sessions/9c6161597e.jsonl.gz >"$tmp/transcript.jsonl"

# start NAME CMD...: run a server, wait for its "listening on ADDR" line.
start() {
	local name=$1
	shift
	"$@" 2>"$tmp/$name.log" &
	pids+=($!)
	local addr=""
	for _ in $(seq 200); do
		addr=$(sed -n 's/^listening on //p' "$tmp/$name.log" | head -1)
		[[ -n "$addr" ]] && break
		sleep 0.05
	done
	[[ -n "$addr" ]] || { cat "$tmp/$name.log" >&2; echo "$name did not start" >&2; exit 1; }
	eval "url_$name=http://$addr/stop"
}

targets=(bare floor memory transcript file loop)
start bare "$tmp/loadgen" -bare 127.0.0.1:0
start floor "$tmp/loadgen" -bare 127.0.0.1:0 -floor
start memory "$tmp/quickstart" -http 127.0.0.1:0 -store memory:
start transcript "$tmp/quickstart" -http 127.0.0.1:0 -store memory:
mkdir "$tmp/state"
start file "$tmp/quickstart" -http 127.0.0.1:0 -store "file:$tmp/state"
start loop "$tmp/loop" -http 127.0.0.1:0 -store memory:
if command -v redis-server >/dev/null; then
	port=$("$tmp/loadgen" -freeport)
	redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --dir "$tmp" >"$tmp/redis.log" 2>&1 &
	pids+=($!)
	for _ in $(seq 200); do grep -q "Ready to accept" "$tmp/redis.log" && break; sleep 0.05; done
	start redis "$tmp/quickstart" -http 127.0.0.1:0 -store "redis://127.0.0.1:$port/0"
	targets+=(redis)
fi

echo "requests per run: $n, best of $rounds rounds, $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-10s %4s %12s %10s %10s %8s\n" target c "decisions/s" p50 p99 "x bare"
for c in 1 8 64; do
	declare -A best=()
	declare -A line=()
	for _ in $(seq "$rounds"); do
		for t in "${targets[@]}"; do # interleaved: every target sees the same conditions
			u="url_$t"
			extra=()
			[[ "$t" == transcript ]] && extra=(-transcript "$tmp/transcript.jsonl")
			out=$("$tmp/loadgen" -url "${!u}" -c "$c" -n "$n" -warmup $((n / 10)) "${extra[@]}")
			rate=$(sed -n 's/.*rate=\([0-9]*\).*/\1/p' <<<"$out")
			if [[ -z "${best[$t]:-}" || "$rate" -gt "${best[$t]}" ]]; then
				best[$t]=$rate
				line[$t]=$out
			fi
		done
	done
	for t in "${targets[@]}"; do
		p50=$(sed -n 's/.*p50=\([^ ]*\).*/\1/p' <<<"${line[$t]}")
		p99=$(sed -n 's/.*p99=\([^ ]*\).*/\1/p' <<<"${line[$t]}")
		ratio=$(awk -v a="${best[$t]}" -v b="${best[bare]}" 'BEGIN { printf "%.2f", a / b }')
		printf "%-10s %4d %12d %10s %10s %8s\n" "$t" "$c" "${best[$t]}" "$p50" "$p99" "$ratio"
	done
	unset best line
done
