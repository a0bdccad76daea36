package deferred

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"
)

// Environment variables Claude Code gives every hook.
const (
	envSocket   = "CLAUDE_CODE_MESSAGING_SOCKET"
	envToken    = "CLAUDE_CODE_MESSAGING_TOKEN"
	envAttended = "CLAUDE_CODE_SESSION_ATTENDED"
)

// postTimeout bounds connecting to and writing on the socket.
const postTimeout = 10 * time.Second

// postAnswer sends text to a Claude Code session's messaging socket as a user
// message: an auth line with token (when not empty), then
// {"type":"user","message":{"role":"user","content":text},"session_id":…},
// newline-delimited JSON. An idle session starts a new turn with it; the
// socket sends no reply. sessionID, when not empty, makes Claude Code drop
// the message unless it is still that session.
func postAnswer(ctx context.Context, socket, token, sessionID, text string) error {
	if socket == "" {
		return errors.New("deferred: no messaging socket")
	}
	if strings.TrimSpace(text) == "" {
		return errors.New("deferred: empty message")
	}
	ctx, cancel := context.WithTimeout(ctx, postTimeout)
	defer cancel()
	var d net.Dialer
	conn, err := d.DialContext(ctx, "unix", socket)
	if err != nil {
		return fmt.Errorf("deferred: messaging socket: %w", err)
	}
	defer conn.Close()
	if dl, ok := ctx.Deadline(); ok {
		conn.SetDeadline(dl)
	}
	var buf []byte
	if token != "" {
		line, _ := json.Marshal(map[string]string{"type": "auth", "token": token})
		buf = append(append(buf, line...), '\n')
	}
	msg := struct {
		Type      string `json:"type"`
		Message   any    `json:"message"`
		SessionID string `json:"session_id,omitempty"`
	}{"user", map[string]string{"role": "user", "content": text}, sessionID}
	line, err := json.Marshal(msg)
	if err != nil {
		return fmt.Errorf("deferred: encode message: %w", err)
	}
	buf = append(append(buf, line...), '\n')
	if _, err := conn.Write(buf); err != nil {
		return fmt.Errorf("deferred: messaging socket: %w", err)
	}
	return nil
}
