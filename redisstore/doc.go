// Package redisstore is a [stophook.Store] kept in Redis, for hook servers
// that run as several replicas behind one load balancer: retry counts,
// loop iterations and turn counts are shared by every replica.
//
// # Use
//
//	s, err := redisstore.Open("redis://127.0.0.1:6379/0?prefix=team-a:", redisstore.Options{})
//	...
//	defer s.Close()
//
// [Open] takes redis:// and rediss:// (TLS) URLs; [New] wraps a client
// configured by hand.
//
// # Atomic updates
//
// [Store.Update] reads the value, runs fn and writes the result with a
// server-side script that writes only when the value is still the one fn
// saw (compare and set). When another replica wrote in between, fn runs
// again on the newer value: fn may run more than once and must not have
// side effects beyond its result. Updates of one key within one process
// wait for each other first, so conflicts only arise between replicas.
//
// # Keys and expiry
//
// Every key is stored under [Options.Prefix] ("stophook:" by default): one
// prefix per deployment lets several share a server. Values expire
// [Options.TTL] after their last update (30 days by default, as the file
// store's sweep), so state of finished sessions does not pile up.
//
// # Failing open
//
// A hook must never hold a session because its state is out of reach.
// Each round trip is bounded by [Options.Timeout] (500 ms by default).
// When the server is unreachable or too slow, the operation fails, one
// line is logged, and for [Options.Cooldown] every further operation fails
// at once with [ErrUnavailable] without touching the network, so each
// stop is let through without waiting; then the next operation tries the
// server again, and one line is logged when it answers. [Store.Stats]
// counts operations, failures and fast failures for a metrics endpoint.
package redisstore
