package httphook

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"
)

// TokenEnv names the environment variable the example servers read the
// bearer token from.
const TokenEnv = "STOPHOOK_HTTP_TOKEN"

// Server timeouts set by [newServer]. There is no write timeout: a
// decision may wait for a human for minutes; hook.Options.Budget bounds it.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 30 * time.Second
	idleTimeout       = 2 * time.Minute
)

// ErrNoToken is returned by [Listen] for an address other hosts can reach
// when no token is set.
var ErrNoToken = errors.New("httphook: refusing to serve a non-loopback address without a token (set " + TokenEnv + ")")

// Listen opens addr for a hook server. An address other machines can
// reach (a non-loopback IP, a host name other than localhost, or an empty
// host, which means every interface) is refused without a token: anyone
// who reaches it could make the agent continue with text of their choice.
// On loopback without a token it warns on w. It prints "listening on
// ADDR" (the bound address, so port 0 shows the chosen port) on w.
func Listen(addr, token string, w io.Writer) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("httphook: listen address %q: %w", addr, err)
	}
	loopback := isLoopback(host)
	if !loopback && token == "" {
		return nil, fmt.Errorf("%w: %s", ErrNoToken, addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("httphook: %w", err)
	}
	if token == "" {
		fmt.Fprintf(w, "httphook: warning: no %s: any local process can call this server\n", TokenEnv)
	}
	fmt.Fprintf(w, "listening on %s\n", ln.Addr())
	return ln, nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// newServer returns an http.Server for h with [readHeaderTimeout],
// [readTimeout] and [idleTimeout] set, so slow or idle clients cannot hold
// connections open.
func newServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		IdleTimeout:       idleTimeout,
	}
}
