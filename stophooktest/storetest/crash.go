package storetest

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stophook/stophook"
)

// killsEnv names the environment variable that overrides the number of
// kills of [Crash] (e.g. STOPHOOK_STORETEST_KILLS=1000 for a long run).
const killsEnv = "STOPHOOK_STORETEST_KILLS"

// childEnv marks a process started by Crash and names its state.
const childEnv = "STOPHOOK_STORETEST_CRASH_CHILD"

// crashKey is the key the child processes update.
const crashKey = "storetest/crash"

// Crash checks that a persistent Store survives the process updating it
// being killed (SIGKILL) at any point: the value read afterwards is the
// last acknowledged one or the one being written, intact, never a torn or
// lost value and never an error.
//
// Crash re-runs the calling test in child processes (the test binary with
// -test.run set to the test's name), each updating one key in a loop and
// printing each update it completed; the parent kills each child after it
// has seen a few updates (no timers: the kill lands wherever the child is)
// and then checks the value with a store of its own. In a child, Crash
// never returns; the test must therefore call it before anything a child
// must not do, and must reach it the same way in both (a server address
// can be passed through the environment, which the children inherit).
//
// open opens the store for state, a directory Crash makes in the parent;
// it must open the same store in the parent and in every child. kills is
// the number of children killed unless $STOPHOOK_STORETEST_KILLS says
// otherwise (e.g. 1000 for a long run).
func Crash(t *testing.T, kills int, open func(t testing.TB, state string) stophook.Store) {
	t.Helper()
	if state := os.Getenv(childEnv); state != "" {
		hammer(open(t, state))
		os.Exit(0)
	}
	if v := os.Getenv(killsEnv); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("storetest: %s=%q: want a positive number", killsEnv, v)
		}
		kills = n
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	state := t.TempDir()
	s := open(t, state)
	ctx := context.Background()
	acked, torn := 0, 0
	for i := range kills {
		last, err := killChild(exe, runPattern(t.Name()), state, 1+i%5)
		if err != nil {
			t.Fatalf("kill %d: %v", i+1, err)
		}
		if last > 0 {
			acked = last
		}
		b, err := s.Get(ctx, crashKey)
		if errors.Is(err, stophook.ErrNotFound) && acked == 0 {
			continue
		}
		if err != nil {
			t.Fatalf("kill %d: Get after the kill: %v", i+1, err)
		}
		seq, err := parseCrashValue(b)
		if err != nil {
			torn++
			t.Errorf("kill %d: torn value %q: %v", i+1, b, err)
			continue
		}
		if seq != acked && seq != acked+1 {
			t.Fatalf("kill %d: value %d after update %d was acknowledged: want %d or %d", i+1, seq, acked, acked, acked+1)
		}
		acked = seq
	}
	t.Logf("%d kill -9s, %d updates acknowledged, %d torn values", kills, acked, torn)
}

// killChild runs one child, kills it once it has acknowledged after
// updates, and returns the last update it acknowledged.
func killChild(exe, pattern, state string, after int) (int, error) {
	cmd := exec.Command(exe, "-test.run="+pattern, "-test.count=1")
	cmd.Env = append(os.Environ(), childEnv+"="+state)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	sc := bufio.NewScanner(out)
	last, seen, killed := 0, 0, false
	var bad string
	for sc.Scan() {
		line := sc.Text()
		n, ok := strings.CutPrefix(line, "storetest-crash ok ")
		if !ok {
			if strings.HasPrefix(line, "storetest-crash ") {
				bad = line
			}
			continue
		}
		if v, err := strconv.Atoi(n); err == nil {
			last = v
		}
		if seen++; seen == after && !killed {
			cmd.Process.Kill()
			killed = true
		}
	}
	if !killed {
		cmd.Process.Kill()
	}
	cmd.Wait()
	if bad != "" {
		return last, fmt.Errorf("child: %s", bad)
	}
	if seen < after {
		return last, fmt.Errorf("child exited after %d updates, before the kill:\n%s", seen, stderr.String())
	}
	return last, nil
}

// hammer updates crashKey until killed (or 1e6 updates, or its parent
// stops reading), printing each update it completed.
func hammer(s stophook.Store) {
	ctx := context.Background()
	for range 1_000_000 {
		var seq int
		err := s.Update(ctx, crashKey, func(old []byte) ([]byte, error) {
			seq = 0
			if old != nil {
				n, err := parseCrashValue(old)
				if err != nil {
					return nil, fmt.Errorf("torn value %q: %w", old, err)
				}
				seq = n
			}
			seq++
			return crashValue(seq), nil
		})
		if err != nil {
			fmt.Printf("storetest-crash error %v\n", err)
			return
		}
		if _, err := fmt.Printf("storetest-crash ok %d\n", seq); err != nil {
			return
		}
	}
}

// crashValue is update seq's value: its length varies with seq and it
// carries a checksum of itself.
func crashValue(seq int) []byte {
	pad := strings.Repeat("x", seq%97)
	b, _ := json.Marshal(crashRecord{Seq: seq, Pad: pad, Sum: crashSum(seq, pad)})
	return b
}

type crashRecord struct {
	Seq int    `json:"seq"`
	Pad string `json:"pad"`
	Sum string `json:"sum"`
}

func crashSum(seq int, pad string) string {
	h := sha256.Sum256([]byte(strconv.Itoa(seq) + "/" + pad))
	return fmt.Sprintf("%x", h[:8])
}

func parseCrashValue(b []byte) (int, error) {
	var r crashRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return 0, err
	}
	if r.Seq < 1 || len(r.Pad) != r.Seq%97 || r.Sum != crashSum(r.Seq, r.Pad) {
		return 0, errors.New("checksum mismatch")
	}
	return r.Seq, nil
}

// runPattern is a -test.run pattern matching exactly the test name.
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}
