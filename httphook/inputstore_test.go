package httphook_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/httphook"
)

// TestStoreErrorsWithoutStore serves a policy that keeps state through
// stophook.DefaultStore, as the example servers do, with no Store given:
// the state goes to a FileStore per input (the project of its cwd), or to
// $STOPHOOK_STATE_DIR when set. A failure of that store lets the stop
// through and must be counted in stophook_store_errors_total like a
// failure of a store given with -store.
func TestStoreErrorsWithoutStore(t *testing.T) {
	p := stophook.PolicyFunc(func(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
		err := stophook.DefaultStore(in).Update(ctx, "k", func([]byte) ([]byte, error) { return []byte("v"), nil })
		return stophook.PassOn("stored"), err
	})
	missing := filepath.Join(t.TempDir(), "no such project")
	file := filepath.Join(t.TempDir(), "a file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, stateDir, cwd string
		health              int // GET /healthz: no store to check per input; $STOPHOOK_STATE_DIR's is
	}{
		{"a cwd that does not exist on the server", "", missing, 200},
		{"STOPHOOK_STATE_DIR under a file", filepath.Join(file, "state"), t.TempDir(), 503},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv(hook.StateDirEnv, c.stateDir)
			url := serve(t, p)
			body, _ := json.Marshal(map[string]any{"session_id": "s", "cwd": c.cwd, "hook_event_name": "Stop",
				"stop_hook_active": false, "last_assistant_message": "done"})
			resp, err := http.Post(url+"/stop", "application/json", strings.NewReader(string(body)))
			if err != nil {
				t.Fatal(err)
			}
			answer, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || strings.Contains(string(answer), "block") {
				t.Fatalf("stop: %d %s, want 200 letting it through", resp.StatusCode, answer)
			}
			resp, err = http.Get(url + "/metrics")
			if err != nil {
				t.Fatal(err)
			}
			m, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if !strings.Contains(string(m), "stophook_store_errors_total 1\n") {
				t.Errorf("the failed store operation is not counted:\n%s", m)
			}
			resp, err = http.Get(url + "/healthz")
			if err != nil {
				t.Fatal(err)
			}
			h, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != c.health {
				t.Errorf("/healthz: %d %q, want %d", resp.StatusCode, h, c.health)
			}
		})
	}
}

// serve runs httphook.ListenAndServe with p and no Store on a loopback
// port until the test ends, and returns its URL.
func serve(t *testing.T, p stophook.Policy) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r, w := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- httphook.ListenAndServe(ctx, "127.0.0.1:0", p, "", hook.Options{}, httphook.ServeOptions{}, w)
		w.Close()
	}()
	sc := bufio.NewScanner(r)
	url := ""
	for url == "" && sc.Scan() {
		if addr, ok := strings.CutPrefix(sc.Text(), "listening on "); ok {
			url = "http://" + addr
		}
	}
	go io.Copy(io.Discard, r)
	if url == "" {
		cancel()
		t.Fatalf("the server did not listen: %v", <-done)
	}
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("ListenAndServe: %v", err)
		}
	})
	return url
}

// TestCountingStoreUnwraps: the store a server counts says what it wraps,
// so that a policy looking for a FileStore's directory (escalate/deferred's
// Asker) finds the -store DIR behind the count.
func TestCountingStoreUnwraps(t *testing.T) {
	t.Parallel()
	fs := stophook.NewFileStore(t.TempDir())
	counted := httphook.NewMetrics().Store(fs)
	u, ok := counted.(interface{ Unwrap() stophook.Store })
	if !ok || u.Unwrap() != stophook.Store(fs) {
		t.Errorf("the counted store does not unwrap to the FileStore it counts")
	}
}
