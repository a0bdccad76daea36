// Package gateway wakes a queue's brain over HTTP: [Waker] is a
// [queue.Waker] that POSTs each [queue.Payload] as JSON to a gateway URL,
// with an optional bearer token.
//
// # Retries
//
// A network error, a 429 or a 5xx answer is retried ([Waker.Attempts]
// tries, [Waker.Backoff] doubling between them, [Waker.Timeout] per try);
// any other non-2xx answer fails at once, and redirects are not followed.
// The caller, queue.Processor, logs a failed wake and carries on.
//
// # Why a separate package
//
// An HTTP client pulls net/http and crypto/tls into a binary, which costs
// a hook process about 2 ms of start-up. Package queue, which every queue
// hook loads, stays free of them; import this package only where a gateway
// is configured.
package gateway
