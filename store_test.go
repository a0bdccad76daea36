package stophook_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/stophooktest/storetest"
)

const childEnv = "STOPHOOK_TEST_INCREMENT_DIR"

func TestMain(m *testing.M) {
	if dir := os.Getenv(childEnv); dir != "" {
		// Child process of TestFileStoreProcesses: increment once and exit.
		if err := storetest.Increment(context.Background(), stophook.NewFileStore(dir), "counter"); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if dir := os.Getenv(stormEnv); dir != "" {
		storm(dir) // child of TestFileStoreKillStorm: never returns
	}
	os.Exit(m.Run())
}

func TestMemoryStore(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(*testing.T) stophook.Store { return new(stophook.MemoryStore) })
}

func TestFileStore(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T) stophook.Store { return stophook.NewFileStore(t.TempDir()) })
}

func TestFileStoreProcesses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const n = 24
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range n {
		wg.Go(func() {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), childEnv+"="+dir)
			if out, err := cmd.CombinedOutput(); err != nil {
				errs <- fmt.Errorf("child: %v: %s", err, out)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	got, err := storetest.Count(context.Background(), stophook.NewFileStore(dir), "counter")
	if err != nil || got != n {
		t.Errorf("counter after %d processes: got %d, %v, want %d", n, got, err, n)
	}
}

func TestFileStoreKeysStayInside(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dir := filepath.Join(root, "state")
	s := stophook.NewFileStore(dir)
	ctx := context.Background()
	for _, key := range []string{"../escape", "../../escape", "/abs", "a/../../b", "..", ".", "x/../../../tmp"} {
		if err := s.Update(ctx, key, func([]byte) ([]byte, error) { return []byte("x"), nil }); err != nil {
			t.Fatalf("Update(%q): %v", key, err)
		}
		p := s.PathForTest(key)
		if rel, err := filepath.Rel(dir, p); err != nil || strings.HasPrefix(rel, "..") || strings.ContainsRune(rel, filepath.Separator) {
			t.Errorf("Path(%q) = %q, want a file directly inside the state dir", key, p)
		}
	}
	entries, _ := os.ReadDir(root)
	if len(entries) != 1 || entries[0].Name() != "state" {
		t.Errorf("files outside the state dir: %v", entries)
	}
}

func TestFileStoreCrashLeavesOldValue(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := stophook.NewFileStore(dir)
	ctx := context.Background()
	s.Update(ctx, "k", func([]byte) ([]byte, error) { return []byte("old"), nil })
	// A crash between writing the temporary file and renaming it leaves a
	// stray temporary file; the value must still read as the old one.
	if err := os.WriteFile(filepath.Join(dir, ".k.json.tmp-123"), []byte("new-but-torn"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Get(ctx, "k"); err != nil || string(got) != "old" {
		t.Errorf("Get: got %q, %v, want old", got, err)
	}
}

func FuzzFileStoreKey(f *testing.F) {
	for _, k := range []string{"", "..", "../x", "a/b", "sess-1", "\x00", strings.Repeat("é", 200)} {
		f.Add(k)
	}
	dir := f.TempDir()
	s := stophook.NewFileStore(dir)
	f.Fuzz(func(t *testing.T, key string) {
		p := s.PathForTest(key)
		if filepath.Dir(p) != filepath.Clean(dir) {
			t.Fatalf("Path(%q) = %q escapes %q", key, p, dir)
		}
		if len(filepath.Base(p)) > 255 {
			t.Fatalf("Path(%q): name of %d bytes", key, len(filepath.Base(p)))
		}
	})
}

func TestFileStoreDeleteMissingCreatesNothing(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "state")
	if err := stophook.NewFileStore(dir).Delete(context.Background(), "retry/s1"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("Delete of a missing key created %s (stat err %v), want nothing on disk", dir, err)
	}
}

// TestFileStoreKill9 kills processes updating a FileStore at whatever
// point they reached (STOPHOOK_STORETEST_KILLS=1000 for a long run).
func TestFileStoreKill9(t *testing.T) {
	storetest.Crash(t, 20, func(t testing.TB, state string) stophook.Store { return stophook.NewFileStore(state) })
}
