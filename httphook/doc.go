// Package httphook serves stophook chains as Claude Code type:"http" hooks.
//
// # Serving
//
// [New] returns a [Handler] that runs a [stophook.Chain] on each POSTed
// hook input and answers with the JSON a command hook would print. It
// checks an optional bearer token in constant time, bounds the body, and
// answers 405, 403, 415, 401, 413 or 400 (saying why) to requests that are
// not hook inputs. Requests from web pages are refused: any request with an
// Origin header, and any body not sent as application/json (the only kind
// a page can POST cross-origin without a preflight is text/plain, a form or
// multipart). Without a token, any local process can still call it. Claude Code treats any non-2xx answer as a non-blocking error, so
// the session stops: the server fails open like [stophook.Run].
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
