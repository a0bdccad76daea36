package storeurl_test

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/storeurl"
)

func TestOpen(t *testing.T) {
	t.Parallel()
	tests := []struct {
		spec    string
		server  bool
		kind    string // "" for nil
		dir     string // for file stores
		sync    bool
		wantErr bool
	}{
		{spec: ""},
		{spec: "state", kind: "file", dir: "state"},
		{spec: "/var/lib/stophook", kind: "file", dir: "/var/lib/stophook"},
		{spec: `C:\state`, kind: "file", dir: `C:\state`},
		{spec: "./a:b", kind: "file", dir: "./a:b"},
		{spec: "file:state", kind: "file", dir: "state"},
		{spec: "file:/abs/state?sync=1", kind: "file", dir: "/abs/state", sync: true},
		{spec: "file:///abs/state", kind: "file", dir: "/abs/state"},
		{spec: "file://otherhost/x", wantErr: true},
		{spec: "file:", wantErr: true},
		{spec: "file:x?fsync=1", wantErr: true},
		{spec: "file:x?sync=maybe", wantErr: true},
		{spec: "memory:", wantErr: true},
		{spec: "memory:", server: true, kind: "memory"},
		{spec: "memory:x", server: true, wantErr: true},
		{spec: "redis://127.0.0.1:1/0", kind: "redis"},
		{spec: "rediss://127.0.0.1:1/2?prefix=team:", kind: "redis"},
		{spec: "redis://127.0.0.1:1/zero", wantErr: true},
		{spec: "postgres://db/x", wantErr: true},
	}
	for _, tt := range tests {
		s, err := storeurl.Open(tt.spec, storeurl.Options{Server: tt.server})
		if (err != nil) != tt.wantErr {
			t.Errorf("Open(%q): error %v, want error %v", tt.spec, err, tt.wantErr)
			continue
		}
		if err != nil {
			continue
		}
		if tt.kind == "" {
			if s != nil {
				t.Errorf("Open(%q) = %+v, want nil", tt.spec, s)
			}
			continue
		}
		if s.Kind != tt.kind {
			t.Errorf("Open(%q): kind %q, want %q", tt.spec, s.Kind, tt.kind)
		}
		if fs, ok := s.Store.(*stophook.FileStore); ok {
			if fs.Dir() != tt.dir || fs.Sync != tt.sync {
				t.Errorf("Open(%q): dir %q sync %v, want %q %v", tt.spec, fs.Dir(), fs.Sync, tt.dir, tt.sync)
			}
		}
		s.Close()
	}
}

func TestMemoryNeedsServer(t *testing.T) {
	t.Parallel()
	if _, err := storeurl.Open("memory:", storeurl.Options{}); !errors.Is(err, storeurl.ErrMemoryNotServer) {
		t.Errorf("got %v, want ErrMemoryNotServer", err)
	}
}

func TestFromFlags(t *testing.T) {
	t.Parallel()
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == storeurl.Env {
				return v
			}
			return ""
		}
	}
	abs, err := filepath.Abs(filepath.Join("x", "y"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		store, state, env, want string
		warn                    bool // an error naming the variable
	}{
		{"redis://a/0", "dir", "memory:", "redis://a/0", false},
		{"", "dir", "memory:", "dir", false},
		{"", "", abs, abs, false},
		{"", "", "file:" + abs, "file:" + abs, false},
		{"", "", "REDIS://a/0", "REDIS://a/0", false},
		{"", "", "", "", false},
		{"", "", "bogus", "", true},
		{"", "", filepath.Join("x", "y"), "", true},
		{"", "", "mysql://db", "", true},
		{"", "", "file:" + filepath.Join("x", "y"), "", true},
		{"", "", "file:" + filepath.Join("x", "y") + "?sync=1", "", true},
		{"", "", "file:" + abs + "?sync=1", "file:" + abs + "?sync=1", false},
		{"", "", "file:///srv/state", "file:///srv/state", false},
		{"bogus", "", "", "bogus", false}, // a flag is the caller's to check
	}
	for _, tt := range tests {
		got, err := storeurl.FromFlags(tt.store, tt.state, env(tt.env))
		if got != tt.want || (err != nil) != tt.warn || (err != nil && !strings.Contains(err.Error(), storeurl.Env+"=")) {
			t.Errorf("FromFlags(%q, %q) with $%s=%q: got %q, %v; want %q and a warning naming the variable: %v",
				tt.store, tt.state, storeurl.Env, tt.env, got, err, tt.want, tt.warn)
		}
	}
}

// TestErrorsHideThePassword: a store URL with a password that cannot be
// used is reported without the password, whichever check refuses it: the
// message goes to hook stderr and server logs.
func TestErrorsHideThePassword(t *testing.T) {
	t.Parallel()
	const pw = "s3cret-pw"
	for _, spec := range []string{
		"redi://:" + pw + "@127.0.0.1:6379/0",
		"redis://:" + pw + "@127.0.0.1:port/0",
		"redis://user:" + pw + "@127.0.0.1:6379/zero",
		"redis://:" + pw + "@127.0.0.1:6379/0?ttl=soon",
		"redis://:" + pw + "@127.0.0.1:6379/0?bogus=1",
		"rediss://:" + pw + "%zz@127.0.0.1:6379/0",
		// A slash or both missing: not a URL with a host, whatever
		// go-redis would make of it (it connected to localhost:6379).
		"redis:/:" + pw + "@127.0.0.1:6379/0",
		"redis::" + pw + "@127.0.0.1:6379/0",
		"REDISS:" + pw + "@127.0.0.1",
		// A password with a character it should have percent-encoded,
		// which url.Parse quotes in its error.
		"redis://:" + pw + "/x@127.0.0.1:6379/0",
		"redis://:" + pw + "?x@127.0.0.1:6379/0",
	} {
		s, err := storeurl.Open(spec, storeurl.Options{})
		if err == nil {
			s.Close()
			t.Errorf("%s: opened, want an error", spec)
			continue
		}
		if strings.Contains(err.Error(), pw) {
			t.Errorf("Open(%s): %v shows the password", spec, err)
		}
		_, err = storeurl.FromFlags("", "", func(string) string { return spec })
		if err != nil && strings.Contains(err.Error(), pw) {
			t.Errorf("FromFlags with %s=%s: %v shows the password", storeurl.Env, spec, err)
		}
	}
	// The colon missing: to -store a relative directory, which the
	// variable refuses, quoting it.
	for _, spec := range []string{"redis//:" + pw + "@127.0.0.1:6379/0", "redis//user:" + pw + "@127.0.0.1:6379/0"} {
		_, err := storeurl.FromFlags("", "", func(string) string { return spec })
		if err == nil {
			t.Errorf("FromFlags with %s=%s: no error", storeurl.Env, spec)
		} else if strings.Contains(err.Error(), pw) {
			t.Errorf("FromFlags with %s=%s: %v shows the password", storeurl.Env, spec, err)
		}
	}
}

// TestRedisDownOneLine: a command hook (or a loop subcommand) whose Redis
// does not answer says so once, through the failure of its operation;
// the store's own line about stops being let through "until it does" is
// a server's, which runs on.
func TestRedisDownOneLine(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing answers there now
	var logged strings.Builder
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logged, nil)))
	defer slog.SetDefault(old)
	for _, server := range []bool{false, true} {
		logged.Reset()
		s, err := storeurl.Open("redis://"+addr+"/0", storeurl.Options{Server: server})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Get(context.Background(), "k"); err == nil {
			t.Fatal("Get from a closed port: no error")
		}
		s.Close()
		if got := strings.Contains(logged.String(), "server not answering"); got != server {
			t.Errorf("server %v: store logged %q", server, logged.String())
		}
	}
}

// TestPingFileStore: a file store's Ping (a server's /healthz) fails when
// its directory cannot be written; it always said healthy, while every
// stop failed open.
func TestPingFileStore(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		spec    string
		wantErr bool
	}{
		{spec: filepath.Join(t.TempDir(), "state")},
		{spec: "file:" + filepath.Join(t.TempDir(), "state")},
		{spec: filepath.Join(file, "state"), wantErr: true},
		{spec: "file:" + filepath.Join(file, "state"), wantErr: true},
	} {
		s, err := storeurl.Open(tt.spec, storeurl.Options{Server: true})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Ping(context.Background()); (err != nil) != tt.wantErr {
			t.Errorf("Ping of %s: %v, want error %v", tt.spec, err, tt.wantErr)
		}
	}
}
