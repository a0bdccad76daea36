package deferred

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stophook/stophook/escalate"
)

// fakeChannel is a Channel whose answers the test sends on answers.
type fakeChannel struct {
	answers  chan escalate.Answer
	awaiting chan struct{} // receives when Await starts
	awaitErr error

	mu     sync.Mutex
	sent   []escalate.Request
	closed map[string]string // ticket → outcome
}

func newFakeChannel() *fakeChannel {
	return &fakeChannel{answers: make(chan escalate.Answer, 4), awaiting: make(chan struct{}, 4), closed: map[string]string{}}
}

func (c *fakeChannel) Send(_ context.Context, req escalate.Request) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sent = append(c.sent, req)
	return json.Marshal(map[string]string{"q": req.ID})
}

func (c *fakeChannel) Await(ctx context.Context, _ []byte) (escalate.Answer, error) {
	c.awaiting <- struct{}{}
	if c.awaitErr != nil {
		return escalate.Answer{}, c.awaitErr
	}
	select {
	case a := <-c.answers:
		return a, nil
	case <-ctx.Done():
		return escalate.Answer{Kind: escalate.Timeout}, nil
	}
}

func (c *fakeChannel) Close(_ context.Context, ticket []byte, outcome string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed[string(ticket)] = outcome
	return nil
}

func (c *fakeChannel) outcome(ticket []byte) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closed[string(ticket)]
}

// socketLine is one line a Claude Code messaging socket received.
type socketLine struct {
	Type    string `json:"type"`
	Token   string `json:"token"`
	Message struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"message"`
	SessionID string `json:"session_id"`
}

// parseSocketLines decodes what a peer wrote on a messaging socket, as
// Claude Code reads it: newline-delimited JSON objects. Malformed lines
// are an error.
func parseSocketLines(data []byte) ([]socketLine, error) {
	var out []socketLine
	sc := bufio.NewScanner(bytesReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var l socketLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return out, err
		}
		if l.Type != "auth" && l.Type != "user" {
			return out, errors.New("unknown type " + l.Type)
		}
		out = append(out, l)
	}
	return out, sc.Err()
}

// fakeSocket is a messaging socket that records every connection's lines.
type fakeSocket struct {
	Path string
	ln   net.Listener

	mu    sync.Mutex
	conns [][]socketLine
	errs  []error
	got   chan struct{}
}

func newFakeSocket(t *testing.T) *fakeSocket {
	t.Helper()
	// Short path: unix socket paths are limited to about 100 bytes.
	dir, err := filepathShort(t)
	if err != nil {
		t.Fatal(err)
	}
	s := &fakeSocket{Path: filepath.Join(dir, "s.sock"), got: make(chan struct{}, 16)}
	s.ln, err = net.Listen("unix", s.Path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.ln.Close() })
	go func() {
		for {
			c, err := s.ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				var buf []byte
				b := make([]byte, 4096)
				for {
					n, err := c.Read(b)
					buf = append(buf, b[:n]...)
					if err != nil {
						break
					}
				}
				lines, perr := parseSocketLines(buf)
				s.mu.Lock()
				s.conns = append(s.conns, lines)
				if perr != nil {
					s.errs = append(s.errs, perr)
				}
				s.mu.Unlock()
				s.got <- struct{}{}
			}()
		}
	}()
	return s
}

func (s *fakeSocket) received() ([][]socketLine, []error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([][]socketLine(nil), s.conns...), append([]error(nil), s.errs...)
}
