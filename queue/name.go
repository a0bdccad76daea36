package queue

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// errInvalidName reports a session name that cannot name a queue (empty).
var errInvalidName = errors.New("queue: invalid session name")

// maxEncodedName bounds the encoded part of a file name; longer names are
// shortened with a hash so distinct names stay distinct.
const maxEncodedName = 120

// encodeName maps a session name to a file-name fragment made only of
// [A-Za-z0-9_-] and %XX escapes: it holds no "/", no "." (so no ".." and no
// clash with the ".stale" suffix), and is at most 120 bytes. Distinct names
// give distinct fragments (long names up to a 128-bit hash). The empty name
// is an error.
func encodeName(session string) (string, error) {
	if session == "" {
		return "", fmt.Errorf("%w: empty", errInvalidName)
	}
	var b strings.Builder
	for i := 0; i < len(session); i++ {
		c := session[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	name := b.String()
	if len(name) > maxEncodedName {
		sum := sha256.Sum256([]byte(session))
		name = name[:maxEncodedName-33] + "~" + hex.EncodeToString(sum[:16])
	}
	return name, nil
}
