package hookcli

import (
	"strconv"
	"strings"
)

// QuoteArg quotes a command-line argument for an error line, with the
// password of a URL's user info (scheme://user:PASSWORD@host…) replaced
// by xxxxx, also when it holds a / ? or # not percent-encoded: a store
// URL given without -store must not reach hook stderr or a server's log
// with its password.
func QuoteArg(arg string) string {
	scheme, rest, ok := strings.Cut(arg, ":")
	if !ok || len(scheme) < 2 || strings.ContainsAny(scheme, `/\.@`) {
		return strconv.Quote(arg)
	}
	auth := strings.TrimLeft(rest, "/")
	head := arg[:len(arg)-len(auth)] // scheme: and its slashes
	end := len(auth)
	if i := strings.IndexAny(auth, "/?#"); i >= 0 {
		end = i
	}
	at := strings.LastIndex(auth[:end], "@")
	if at < 0 {
		// No user info, or a password with a / ? or # it should have
		// percent-encoded (a base64 one, say), which ends the host part
		// early: then the user info runs to the first @.
		at = strings.IndexByte(auth, '@')
	}
	if at < 0 {
		return strconv.Quote(arg)
	}
	user, _, hasPassword := strings.Cut(auth[:at], ":")
	if !hasPassword {
		return strconv.Quote(arg)
	}
	return strconv.Quote(head + user + ":xxxxx" + arg[len(head)+at:])
}
