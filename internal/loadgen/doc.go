// Package loadgen sends hook inputs to a hook server on this machine and
// measures decisions per second and latency percentiles, for the
// throughput figures in BENCHMARKS.md (see bench.sh beside it).
//
// It only ever sends to loopback addresses ([CheckLoopback]) and is
// bounded: at most [MaxRequests] requests from at most [MaxConcurrency]
// workers, and it stops when its context ends.
package loadgen
