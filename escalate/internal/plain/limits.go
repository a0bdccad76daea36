package plain

import (
	"crypto/rand"
	"encoding/hex"
)

// Limits of stop messages and replies, shared by escalate and its notifiers.
const (
	// MaxMessageLen is Telegram's limit for one message, in UTF-16 code units.
	MaxMessageLen = 4096
	// LastMessageRunes is how much of the end of the last message is shown.
	LastMessageRunes = 800
	// MaxReplyRunes bounds a human's reply before it is fed to the agent.
	MaxReplyRunes = 2000
)

// CleanReply prepares an untrusted chat reply for the agent: invalid UTF-8
// and control characters (except newline and tab) removed, trimmed, cut to
// [MaxReplyRunes].
func CleanReply(s string) string { return TruncateRunes(Clean(s), MaxReplyRunes) }

// NewRequestID returns a random id for a request: 16 hex digits, safe in
// callback data, file names and argv.
func NewRequestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
