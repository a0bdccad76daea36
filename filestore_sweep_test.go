package stophook_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stophook/stophook"
)

const stormEnv = "STOPHOOK_TEST_STORM_DIR"

// storm updates eight keys of the FileStore in dir with 64 KiB values for
// ever, printing a line after each update.
func storm(dir string) {
	s := stophook.NewFileStore(dir)
	value := bytes.Repeat([]byte("x"), 64<<10)
	for i := 0; ; i++ {
		if err := s.Update(context.Background(), fmt.Sprint("k", i%8), func([]byte) ([]byte, error) { return value, nil }); err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Println("updated")
	}
}

// temporaries lists WriteFileAtomic's leftovers in dir.
func temporaries(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, ".*.tmp-*"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// killStorm runs n storm processes on dir, lets each update a few times,
// and kills them all with SIGKILL.
func killStorm(t *testing.T, dir string, n int) {
	t.Helper()
	var wg sync.WaitGroup
	for range n {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), stormEnv+"="+dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			sc := bufio.NewScanner(out)
			for i := 0; i < 10 && sc.Scan(); i++ {
			}
			cmd.Process.Signal(syscall.SIGKILL)
			cmd.Wait()
		})
	}
	wg.Wait()
}

// TestFileStoreKillStorm kills processes in the middle of updates, as a
// kill -9 storm does, and checks that the sweep removes the temporary
// files they leave. Before the sweep a 30 s storm left 191 behind.
func TestFileStoreKillStorm(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	left := 0
	for round := 0; round < 20 && left == 0; round++ {
		killStorm(t, dir, 4)
		left = len(temporaries(t, dir))
	}
	if left == 0 {
		t.Skip("no kill landed between a temporary's creation and its rename")
	}
	t.Logf("%d temporaries left by killed processes", left)

	// An hour later the next update sweeps them.
	s := stophook.NewFileStoreAt(dir, func() time.Time { return time.Now().Add(2 * time.Hour) })
	if err := s.Update(context.Background(), "k0", func([]byte) ([]byte, error) { return []byte("v"), nil }); err != nil {
		t.Fatal(err)
	}
	if got := temporaries(t, dir); len(got) != 0 {
		t.Errorf("after the sweep %d temporaries remain: %v", len(got), got)
	}
	for i := range 8 {
		if _, err := s.Get(context.Background(), fmt.Sprint("k", i)); err != nil {
			t.Errorf("k%d after the storm: %v", i, err)
		}
	}
}

func TestFileStoreSweep(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx := context.Background()
	t0 := time.Now()
	clock := t0
	s := stophook.NewFileStoreAt(dir, func() time.Time { return clock })
	set := func(key string) {
		t.Helper()
		if err := s.Update(ctx, key, func([]byte) ([]byte, error) { return []byte("v"), nil }); err != nil {
			t.Fatal(err)
		}
	}
	age := func(name string, d time.Duration) {
		t.Helper()
		if err := os.Chtimes(filepath.Join(dir, name), t0.Add(-d), t0.Add(-d)); err != nil {
			t.Fatal(err)
		}
	}
	exists := func(name string) bool {
		_, err := os.Lstat(filepath.Join(dir, name))
		return err == nil
	}
	set("fresh")
	set("expired")
	set("orphan")
	os.Remove(filepath.Join(dir, "orphan.json")) // a lock file whose value is gone
	age("expired.json", 31*24*time.Hour)
	age(".locks/orphan.lock", 2*time.Hour)
	os.WriteFile(filepath.Join(dir, ".fresh.json.tmp-1"), nil, 0o600)
	os.WriteFile(filepath.Join(dir, ".fresh.json.tmp-2"), nil, 0o600)
	age(".fresh.json.tmp-2", 11*time.Minute)

	set("fresh") // swept less than an hour ago (by the first set): nothing happens
	if !exists(".fresh.json.tmp-2") || !exists("expired.json") {
		t.Fatalf("a sweep ran within the hour")
	}
	clock = t0.Add(61 * time.Minute)
	age(".fresh.json.tmp-1", -60*time.Minute) // a minute before the clock: in use
	set("fresh")
	for _, tt := range []struct {
		name string
		want bool
	}{
		{"fresh.json", true},
		{".locks/fresh.lock", true},
		{".fresh.json.tmp-1", true},
		{".fresh.json.tmp-2", false},
		{"expired.json", false},
		{".locks/expired.lock", false},
		{".locks/orphan.lock", false},
	} {
		if got := exists(tt.name); got != tt.want {
			t.Errorf("%s exists = %v after the sweep, want %v", tt.name, got, tt.want)
		}
	}
}

func TestFileStoreDeleteRemovesLockFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := stophook.NewFileStore(dir)
	ctx := context.Background()
	s.Update(ctx, "session/s1", func([]byte) ([]byte, error) { return []byte("v"), nil })
	if err := s.Delete(ctx, "session/s1"); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, ".locks"))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".lock") {
			t.Errorf("lock file %s remains after Delete", e.Name())
		}
	}
}
