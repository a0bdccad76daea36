package httphook_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stophook/stophook/httphook"
)

func TestListen(t *testing.T) {
	t.Parallel()
	tests := []struct {
		addr, token string
		wantErr     error
		wantWarn    bool
	}{
		{"127.0.0.1:0", "", nil, true},
		{"localhost:0", "", nil, true},
		{"[::1]:0", "", nil, true},
		{"127.0.0.1:0", "secret", nil, false},
		{":0", "", httphook.ErrNoToken, false},
		{"0.0.0.0:0", "", httphook.ErrNoToken, false},
		{"example.com:80", "", httphook.ErrNoToken, false},
		{"0.0.0.0:0", "secret", nil, false},
	}
	for _, tt := range tests {
		var w bytes.Buffer
		ln, err := httphook.Listen(tt.addr, tt.token, &w)
		if !errors.Is(err, tt.wantErr) {
			t.Errorf("Listen(%s, %q): got %v, want %v", tt.addr, tt.token, err, tt.wantErr)
			continue
		}
		if err != nil {
			if w.Len() != 0 {
				t.Errorf("Listen(%s): refused but printed %q", tt.addr, w.String())
			}
			continue
		}
		ln.Close()
		out := w.String()
		if !strings.Contains(out, "listening on "+ln.Addr().String()+"\n") {
			t.Errorf("Listen(%s): got %q, want the bound address", tt.addr, out)
		}
		if got := strings.Contains(out, "warning"); got != tt.wantWarn {
			t.Errorf("Listen(%s, %q): warning %v, want %v: %q", tt.addr, tt.token, got, tt.wantWarn, out)
		}
	}
	if _, err := httphook.Listen("no-port", "", &bytes.Buffer{}); err == nil {
		t.Error("Listen without a port: got nil error")
	}
}

func TestNewServerTimeouts(t *testing.T) {
	t.Parallel()
	s := httphook.NewServer(nil)
	if s.ReadHeaderTimeout <= 0 || s.ReadTimeout <= 0 || s.IdleTimeout <= 0 {
		t.Fatalf("timeouts: got header %v read %v idle %v, want all set", s.ReadHeaderTimeout, s.ReadTimeout, s.IdleTimeout)
	}
}
