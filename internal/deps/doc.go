// Package deps has no code: its tests check what hooks link. They keep
// net/http, crypto/tls and the Redis client out of the packages every hook
// process loads; keep the README's ten-line hook free of goldmark, the
// features' packages (loopstate, queue, escalate, policy/triage), net/http
// and os/exec (TestTenLineHookIsLean); and build every example, copied into
// a new module, as the starter it is meant to be
// (TestExamplesBuildAsStarters); and keep func init() out of the library
// packages (TestNoInitInLibraries).
//
// # Why
//
// A hook is a short-lived process started by Claude Code at every stop,
// with a start-up budget of a few milliseconds. Linking net/http (and with
// it crypto/tls, x509, http2) costs about 2 ms of process start-up before
// main runs, whether or not the hook makes a request. So the HTTP-speaking
// parts live in their own packages (escalate/telegram, escalate/webhook,
// llm/provider, queue/gateway, httphook), imported only
// by the binaries that need them, and TestHookPackagesHaveNoHTTP fails when
// one of the light packages starts to depend on them.
//
// The Redis client (package redisstore, on go-redis) is linked only by
// binaries that offer a redis:// store, through package storeurl: the
// example hooks do (-store URL, and -http for quickstart and loop), a hook
// built from the library packages alone does not.
//
// The stophook command's settings editors parse JSONC and TOML with
// libraries no hook needs; TestHookBinariesDoNotLinkCLIDeps keeps them out
// of every example and plugin binary.
package deps
