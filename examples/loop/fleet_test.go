package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/internal/redistest"
)

// replica is a stophook-loop -http server process.
type replica struct {
	cmd  *exec.Cmd
	url  string
	done chan error
	log  lockedBuffer // its stderr after "listening on"
}

// lockedBuffer is a bytes.Buffer written by one goroutine and read by
// another.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startReplica starts bin -http on a free loopback port with store and
// returns once it listens.
func startReplica(t *testing.T, bin, store string) *replica {
	t.Helper()
	cmd := exec.Command(bin, "-http", "127.0.0.1:0", "-store", store)
	// Every stop of these tests is in one turn: lift the per-turn cap.
	cmd.Env = append(os.Environ(), "STOPHOOK_MAX_TURN_BLOCKS=100000")
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := &replica{cmd: cmd, done: make(chan error, 1)}
	sc := bufio.NewScanner(errPipe)
	for sc.Scan() {
		if addr, ok := strings.CutPrefix(sc.Text(), "listening on "); ok {
			r.url = "http://" + addr
			break
		}
	}
	if r.url == "" {
		cmd.Process.Kill()
		t.Fatalf("replica exited before listening: %v", cmd.Wait())
	}
	go func() { io.Copy(&r.log, errPipe); r.done <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		if t.Failed() {
			t.Logf("replica %s stderr:\n%s", r.url, r.log.String())
		}
	})
	return r
}

// stop ends the replica with SIGTERM and returns its exit error.
func (r *replica) stop() error {
	r.cmd.Process.Signal(syscall.SIGTERM)
	return <-r.done
}

// storeErrors returns the replica's stophook_store_errors_total.
func (r *replica) storeErrors(t *testing.T, c *http.Client) string {
	t.Helper()
	resp, err := c.Get(r.url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	m, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(m), "\n") {
		if v, ok := strings.CutPrefix(line, "stophook_store_errors_total "); ok {
			return v
		}
	}
	t.Fatalf("no stophook_store_errors_total in /metrics:\n%s", m)
	return ""
}

// post sends a Stop input and returns the status and body.
func post(c *http.Client, url string, body []byte) (int, string, error) {
	resp, err := c.Post(url+"/stop", "application/json", bytes.NewReader(body))
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), err
}

// TestFleet runs two replicas of the loop hook server on one Redis, as a
// team behind a load balancer would.
func TestFleet(t *testing.T) {
	srv := redistest.Start(t)
	bin := filepath.Join(t.TempDir(), "stophook-loop")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	// A generous round-trip timeout: on a loaded test machine a slow answer
	// must not turn into a stop let through (failing open is right in
	// production, and the kill below still fails at once: the connection is
	// refused).
	store := srv.URL(0) + "?timeout=30s"
	replicas := []*replica{startReplica(t, bin, store), startReplica(t, bin, store)}
	client := &http.Client{Timeout: hook.DefaultBudget} // the hook budget bounds every answer
	cwd := t.TempDir()
	stopInput := func(session string) []byte {
		b, _ := json.Marshal(map[string]any{"session_id": session, "transcript_path": filepath.Join(cwd, "none.jsonl"), "cwd": cwd,
			"hook_event_name": "Stop", "stop_hook_active": true, "last_assistant_message": "still working"})
		return b
	}
	const maxIter = 5000
	startLoop := func(session string) {
		t.Helper()
		env := map[string]string{}
		if code, _, errs := cli(t, env, time.Now(), "", "start", "-store", store, "-session", session, "-max", strconv.Itoa(maxIter), "keep going"); code != 0 {
			t.Fatalf("start: %s", errs)
		}
	}

	// advance sends n stops of one loop, split across the replicas, from
	// workers goroutines at once, and checks the loop advanced by exactly n.
	advance := func(t *testing.T, session string, n, workers int) {
		startLoop(session)
		jobs := make(chan int)
		var wg sync.WaitGroup
		var blocked atomic.Int64
		var mu sync.Mutex
		seen := map[string]int{}
		for range workers {
			wg.Go(func() {
				for i := range jobs {
					code, body, err := post(client, replicas[i%2].url, stopInput(session))
					if err != nil || code != 200 {
						t.Errorf("stop %d: %d %q %v", i, code, body, err)
						continue
					}
					if strings.Contains(body, `"decision":"block"`) {
						blocked.Add(1)
						_, it, _ := strings.Cut(body, "[ITERATION ")
						it, _, _ = strings.Cut(it, "/")
						mu.Lock()
						seen[it]++
						mu.Unlock()
					}
				}
			})
		}
		defer func() {
			for it, k := range seen {
				if k > 1 {
					t.Errorf("iteration %s given to %d stops", it, k)
				}
			}
		}()
		for i := range n {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		if blocked.Load() != int64(n) {
			t.Errorf("%d of %d stops continued the loop, want %d", blocked.Load(), n, n)
		}
		_, out, _ := cli(t, map[string]string{}, time.Now(), "", "status", "-store", store, "-session", session)
		if want := fmt.Sprintf("[0] loop %d/%d", n+1, maxIter); !strings.Contains(out, want) {
			t.Errorf("status after %d stops: %q, want %q", n, out, want)
		}
	}
	t.Run("64 concurrent stops split across replicas advance the loop by 64", func(t *testing.T) {
		advance(t, "fleet-64", 64, 64)
	})
	t.Run("1000 stops from 256 workers lose no update", func(t *testing.T) {
		advance(t, "fleet-1000", 1000, 256)
	})
	// A stop is let through without advancing the loop only when a store
	// operation failed (fail open: a Redis round trip over the store's
	// timeout, or a compare-and-set that lost every round), and each such
	// failure is counted: none may have happened so far.
	for i, r := range replicas {
		if n := r.storeErrors(t, client); n != "0" {
			t.Errorf("replica %d: %s store errors during the advance tests, want 0 (its log: %s)", i, n, r.log.String())
		}
	}

	t.Run("Redis killed mid-run: every stop answered, then let through", func(t *testing.T) {
		const session = "fleet-kill"
		startLoop(session)
		const n = 200
		var answered, blocked atomic.Int64
		var kill sync.Once
		killed := make(chan struct{})
		jobs := make(chan int)
		var wg sync.WaitGroup
		for range 16 {
			wg.Go(func() {
				for i := range jobs {
					code, body, err := post(client, replicas[i%2].url, stopInput(session))
					if err != nil || code != 200 || !json.Valid([]byte(body)) {
						t.Errorf("stop %d: %d %q %v", i, code, body, err)
					}
					if strings.Contains(body, `"decision":"block"`) {
						blocked.Add(1)
					}
					if answered.Add(1) == n/4 {
						kill.Do(func() { srv.Kill(); close(killed) })
					}
				}
			})
		}
		for i := range n {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		<-killed
		if answered.Load() != n || blocked.Load() == 0 {
			t.Fatalf("%d of %d stops answered, %d continued the loop; want all answered, some continued", answered.Load(), n, blocked.Load())
		}
		for i, r := range replicas {
			code, body, err := post(client, r.url, stopInput(session))
			if err != nil || code != 200 || strings.TrimSpace(body) != "{}" {
				t.Errorf("replica %d after the kill: %d %q %v, want {} (the stop let through)", i, code, body, err)
			}
			resp, err := client.Get(r.url + "/healthz")
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusServiceUnavailable {
				t.Errorf("replica %d /healthz after the kill: %d, want 503", i, resp.StatusCode)
			}
			resp, err = client.Get(r.url + "/metrics")
			if err != nil {
				t.Fatal(err)
			}
			m, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if !strings.Contains(string(m), "stophook_store_errors_total") || strings.Contains(string(m), "stophook_store_errors_total 0\n") {
				t.Errorf("replica %d counts no store errors after the kill:\n%s", i, m)
			}
			// The first stop of a turn (stop_hook_active false) reads no
			// turn count: only the loop policy's own read fails, and it
			// is counted too.
			before := r.storeErrors(t, client)
			first := bytes.Replace(stopInput(session), []byte(`"stop_hook_active":true`), []byte(`"stop_hook_active":false`), 1)
			code, body, err = post(client, r.url, first)
			if err != nil || code != 200 || strings.TrimSpace(body) != "{}" {
				t.Errorf("replica %d, first stop of a turn after the kill: %d %q %v, want {}", i, code, body, err)
			}
			if after := r.storeErrors(t, client); after == before {
				t.Errorf("replica %d: the loop policy's failed store read is not counted (stophook_store_errors_total stays %s)", i, after)
			}
			// One line for the outage, not one for every stop let through.
			log := r.log.String()
			if n := strings.Count(log, "redisstore: server not answering"); n != 1 || strings.Contains(log, "treated as pass") || strings.Contains(log, "cannot count") {
				t.Errorf("replica %d logs %d outage lines and these, want one line in all:\n%s", i, n, log)
			}
		}
	})

	for i, r := range replicas {
		if err := r.stop(); err != nil {
			t.Errorf("replica %d on SIGTERM: %v, want exit 0", i, err)
		}
	}
}
