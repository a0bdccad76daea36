// Package httphook serves stophook chains as Claude Code type:"http" hooks.
//
// # Serving
//
// [New] returns a [Handler] that runs a [stophook.Chain] on each POSTed
// hook input and answers with the JSON a command hook would print. It
// checks an optional bearer token in constant time, bounds the body, and
// answers 405, 401, 403, 415, 413 or 400 (saying why) to requests that are
// not hook inputs. A refused token is logged: the first at once, then at
// most a line a minute counting the others. Requests from web pages are refused: any request with an
// Origin header, and any body not sent as application/json (the only kind
// a page can POST cross-origin without a preflight is text/plain, a form or
// multipart). Without a token, any local process can still call it.
// Claude Code treats any non-2xx answer as a non-blocking error, so the
// session stops: the server fails open like a command hook.
//
// The handler is a thin adapter over [hook.Server], the runner of command
// hooks: it reads the body, and the runner decodes it once, counts the
// turn, decides and encodes the answer. When the budget runs out the
// answer leaves at once; a policy that is still running keeps its request
// open until it returns, so no goroutine outlives its request.
//
// # Running a server
//
// [Serve] runs a hook handler as a server: every path but two is the hook
// (settings usually name /stop); GET /healthz answers "ok" (503 when
// [ServeOptions.Health], say a ping of the shared store, fails) and GET
// /metrics answers the server's counts in the Prometheus text format (decisions by
// verdict and policy, request latency histogram, status codes, requests
// refused over the cap, failed store operations). At most
// [ServeOptions.MaxConcurrent] hook requests are answered at once; more get
// 503 at once. Read, header and idle timeouts keep slow clients from
// holding connections.
// When its context ends (SIGTERM, through signal.NotifyContext) it stops
// accepting, lets the requests in flight finish (for at most
// [ServeOptions.Drain], then cuts the rest and logs how many) and returns
// nil.
//
// # Configuring Claude Code
//
//	{"type": "http", "url": "http://127.0.0.1:8787/stop",
//	 "headers": {"Authorization": "Bearer $STOPHOOK_HTTP_TOKEN"},
//	 "allowedEnvVars": ["STOPHOOK_HTTP_TOKEN"]}
//
// It lives apart from package stophook so that command hooks, which start
// once per stop, do not pay for loading net/http.
package httphook
