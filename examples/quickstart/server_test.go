package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stophook/stophook/internal/redistest"
)

func buildQuickstart(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "quickstart")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// TestStoreFlag: memory: is refused for a command hook (the stop goes
// through, one line says why); a Redis store carries the retry count from
// one hook process to the next.
func TestStoreFlag(t *testing.T) {
	bin := buildQuickstart(t)
	hook := func(event string, env []string, args ...string) (string, string) {
		t.Helper()
		f, err := os.Open(filepath.Join("testdata", event))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), env...)
		var o, e bytes.Buffer
		cmd.Stdin, cmd.Stdout, cmd.Stderr = f, &o, &e
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s %v: %v (stderr %q)", event, args, err, e.String())
		}
		return o.String(), e.String()
	}
	out, errOut := hook("stop-error.json", nil, "-store", "memory:")
	if out != "" || !strings.Contains(errOut, "memory:") || !strings.Contains(errOut, "allowing stop") {
		t.Errorf("-store memory: in a command hook: stdout %q stderr %q, want nothing and one line", out, errOut)
	}
	srv := redistest.Start(t)
	// A generous round-trip timeout, as in examples/loop's fleet test: on
	// a loaded test machine a slow answer would fail open and the retry
	// under test would not be counted.
	env := []string{"STOPHOOK_STORE=" + srv.URL(0) + "?timeout=30s"}
	// One turn: two retries in a row, then the count is used up.
	steps := []struct {
		event string
		want  bool
	}{{"stop-error.json", true}, {"stop-retry.json", true}, {"stop-retry.json", false}}
	for i, st := range steps {
		want := st.want
		out, errOut := hook(st.event, env)
		if got := strings.Contains(out, `"decision":"block"`); got != want {
			t.Errorf("error stop %d with $STOPHOOK_STORE=redis: block %v, want %v (stdout %q stderr %q)", i+1, got, want, out, errOut)
		}
	}
}

// TestHTTPServer serves -http with a memory store: a hook POST, /healthz,
// /metrics, and a drain and exit 0 on SIGTERM.
func TestHTTPServer(t *testing.T) {
	bin := buildQuickstart(t)
	cmd := exec.Command(bin, "-http", "127.0.0.1:0", "-store", "memory:")
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	var base string
	sc := bufio.NewScanner(errPipe)
	for sc.Scan() {
		if addr, ok := strings.CutPrefix(sc.Text(), "listening on "); ok {
			base = "http://" + addr
			break
		}
	}
	if base == "" {
		t.Fatalf("no listening line: %v", cmd.Wait())
	}
	go io.Copy(io.Discard, errPipe)
	in, err := json.Marshal(map[string]any{"session_id": "s1", "cwd": t.TempDir(), "hook_event_name": "Stop",
		"stop_hook_active": false, "last_assistant_message": "API Error: 529 overloaded"})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post(base+"/stop", "application/json", bytes.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"decision":"block"`) {
		t.Errorf("POST /stop: %d %q, want a retry", resp.StatusCode, body)
	}
	for path, want := range map[string]string{"/healthz": "ok", "/metrics": `stophook_decisions_total{verdict="block",policy="ErrorRetry"} 1`} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(b), want) {
			t.Errorf("GET %s: %d %q, want %q", path, resp.StatusCode, b, want)
		}
	}
	cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Errorf("on SIGTERM: %v, want exit 0", err)
	}
}

// TestRedisDownOneLine serves -http on a Redis store whose server is not
// there: every stop is let through and counted as a store error, and the
// server's log says so in one line for the whole outage, not one line a
// stop (a fleet's logs would fill with one line per session stop).
func TestRedisDownOneLine(t *testing.T) {
	bin := buildQuickstart(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gone := ln.Addr().String() // a port nobody listens on once closed
	ln.Close()
	cmd := exec.Command(bin, "-http", "127.0.0.1:0", "-store", "redis://"+gone+"/0")
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	sc := bufio.NewScanner(errPipe)
	var base string
	for sc.Scan() {
		if addr, ok := strings.CutPrefix(sc.Text(), "listening on "); ok {
			base = "http://" + addr
			break
		}
	}
	if base == "" {
		t.Fatalf("no listening line: %v", cmd.Wait())
	}
	logged := make(chan string)
	go func() {
		var lines []string
		for sc.Scan() {
			lines = append(lines, sc.Text())
		}
		logged <- strings.Join(lines, "\n")
	}()
	const stops = 20
	for i := range stops {
		in, _ := json.Marshal(map[string]any{"session_id": fmt.Sprint("s", i), "cwd": t.TempDir(), "hook_event_name": "Stop",
			"stop_hook_active": false, "last_assistant_message": "API Error: 529 overloaded"})
		resp, err := http.Post(base+"/stop", "application/json", bytes.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || strings.TrimSpace(string(body)) != "{}" {
			t.Errorf("stop %d with Redis down: %d %q, want {}", i, resp.StatusCode, body)
		}
	}
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(m), fmt.Sprintf("stophook_store_errors_total %d\n", stops)) {
		t.Errorf("want %d store errors counted:\n%s", stops, m)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Errorf("on SIGTERM: %v, want exit 0", err)
	}
	var about []string
	for line := range strings.SplitSeq(<-logged, "\n") {
		if line != "" && !strings.Contains(line, "shutting down") {
			about = append(about, line)
		}
	}
	if len(about) != 1 || !strings.Contains(about[0], "redisstore: server not answering") {
		t.Errorf("the server's log about the outage: %d lines, want one from redisstore:\n%s", len(about), strings.Join(about, "\n"))
	}
}

// TestHTTPCommandLineFails: the -http server is started by an operator or
// a service manager, so a bad flag or an address it cannot listen on
// exits 1 with one line, not 0 with "allowing stop" as the hook does; the
// hook keeps letting the stop through on the same bad flag.
func TestHTTPCommandLineFails(t *testing.T) {
	bin := buildQuickstart(t)
	var runEnv func(env []string, args ...string) (int, string)
	run := func(args ...string) (int, string) { t.Helper(); return runEnv(nil, args...) }
	runEnv = func(env []string, args ...string) (int, string) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), env...)
		cmd.Stdin = strings.NewReader("{}")
		var e bytes.Buffer
		cmd.Stderr = &e
		err := cmd.Run()
		code := 0
		if x, ok := err.(*exec.ExitError); ok {
			code = x.ExitCode()
		} else if err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		return code, e.String()
	}
	for _, args := range [][]string{
		{"-http", "127.0.0.1:0", "-nope"},
		{"-continue", "sideways", "-http", "127.0.0.1:0"},
		{"-http", "127.0.0.1:no-such-port", "-store", "memory:"},
	} {
		if code, errOut := run(args...); code != 1 || strings.Count(errOut, "\n") != 1 || strings.Contains(errOut, "allowing stop") {
			t.Errorf("%q: exit %d, stderr %q; want 1 and one line", args, code, errOut)
		}
	}
	// A $STOPHOOK_STORE it cannot use: a replica on the default store
	// instead would keep its own counts apart from the fleet's.
	for _, bad := range []string{"relative/dir", "ftp://host/x"} {
		code, errOut := runEnv([]string{"STOPHOOK_STORE=" + bad}, "-http", "127.0.0.1:no-such-port")
		if code != 1 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "STOPHOOK_STORE") {
			t.Errorf("STOPHOOK_STORE=%s -http: exit %d, stderr %q; want 1 and one line naming the variable", bad, code, errOut)
		}
	}
	if code, errOut := run("-nope"); code != 0 || !strings.HasSuffix(errOut, "allowing stop\n") {
		t.Errorf("the hook with a bad flag: exit %d, stderr %q; want 0, the stop let through", code, errOut)
	}
}

// TestBrokenCommandLineLogged: a hook run with a mistyped flag, or a
// store it cannot open, lets the stop through; with STOPHOOK_LOG set it
// wrote no decision-log line, where every other stop it lets through has
// one saying why.
func TestBrokenCommandLineLogged(t *testing.T) {
	bin := buildQuickstart(t)
	for _, args := range [][]string{{"-bogus"}, {"-store", "memory:"}} {
		log := filepath.Join(t.TempDir(), "decisions.jsonl")
		in, err := os.Open(filepath.Join("testdata", "stop-error.json"))
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "STOPHOOK_LOG="+log)
		var o, e bytes.Buffer
		cmd.Stdin, cmd.Stdout, cmd.Stderr = in, &o, &e
		err = cmd.Run()
		in.Close()
		if err != nil || o.Len() != 0 || !strings.HasSuffix(e.String(), "allowing stop\n") {
			t.Errorf("%q: %v, stdout %q, stderr %q; want exit 0, the stop let through", args, err, o.String(), e.String())
		}
		data, _ := os.ReadFile(log)
		if strings.Count(string(data), "\n") != 1 || !strings.Contains(string(data), `"policy":"stophook.command-line"`) || !strings.Contains(string(data), `"verdict":"allow"`) {
			t.Errorf("%q: decision log %q, want one allow line by stophook.command-line", args, data)
		}
	}
}
