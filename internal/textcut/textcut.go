// Package textcut cuts untrusted text to a byte budget without splitting a
// UTF-8 sequence. It is the one truncation helper behind the module's byte
// limits (queue results, registered paths, loop prompts, API error texts);
// limits counted in characters (Telegram's, the hosts' output) live with
// their formats.
package textcut

import "strings"

// Head returns s when it fits in n bytes. Otherwise it returns the first n
// bytes of s followed by marker, with the UTF-8 sequence split by the cut
// (and any other invalid UTF-8) removed, so the result is valid text of at
// most n+len(marker) bytes.
func Head(s string, n int, marker string) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:max(n, 0)], "") + marker
}
