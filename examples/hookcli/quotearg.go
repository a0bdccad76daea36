package hookcli

import (
	"strconv"
	"strings"
)

// QuoteArg quotes a command-line argument for an error line, with the
// password of a URL's user info (scheme://user:PASSWORD@host…) replaced
// by xxxxx: a store URL given without -store must not reach hook stderr
// or a server's log with its password.
func QuoteArg(arg string) string {
	scheme, rest, ok := strings.Cut(arg, ":")
	if !ok || len(scheme) < 2 || strings.ContainsAny(scheme, `/\.@`) {
		return strconv.Quote(arg)
	}
	auth := strings.TrimLeft(rest, "/")
	head := arg[:len(arg)-len(auth)] // scheme: and its slashes
	if i := strings.IndexAny(auth, "/?#"); i >= 0 {
		auth = auth[:i]
	}
	at := strings.LastIndex(auth, "@")
	if at < 0 {
		return strconv.Quote(arg)
	}
	user, _, hasPassword := strings.Cut(auth[:at], ":")
	if !hasPassword {
		return strconv.Quote(arg)
	}
	return strconv.Quote(head + user + ":xxxxx" + arg[len(head)+at:])
}
