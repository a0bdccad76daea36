package stophook_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stophook/stophook"
)

const stormEnv = "STOPHOOK_TEST_STORM_DIR"

// storm updates eight keys of the FileStore in dir for ever with values
// of many sizes (up to 96 KiB: records move between the file's offsets),
// printing a line after each update.
func storm(dir string) {
	s := stophook.NewFileStore(dir)
	for i := 0; ; i++ {
		if err := s.Update(context.Background(), fmt.Sprint("k", i%8), func([]byte) ([]byte, error) { return stormValue(i), nil }); err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Println("updated")
	}
}

// stormValue is update i's value of storm: its length, then as many
// bytes.
func stormValue(i int) []byte {
	n := (i * 7919) % (96 << 10)
	if i%3 == 0 {
		n %= 200
	}
	return append([]byte(strconv.Itoa(n)+":"), bytes.Repeat([]byte("x"), n)...)
}

// validStormValue reports whether b is a value of storm.
func validStormValue(b []byte) bool {
	n, rest, ok := bytes.Cut(b, []byte(":"))
	l, err := strconv.Atoi(string(n))
	return ok && err == nil && l == len(rest) && len(bytes.Trim(rest, "x")) == 0
}

// temporaries lists temporary files left in dir.
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

// TestFileStoreKillStorm kills processes in the middle of updates of
// values of many sizes, as a kill -9 storm does: every key reads back as
// one of the values written, and nothing is left behind (updates write in
// place; before, a 30 s storm left 191 temporary files).
func TestFileStoreKillStorm(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for range 10 {
		killStorm(t, dir, 4)
	}
	if left := temporaries(t, dir); len(left) != 0 {
		t.Errorf("killed processes left %d temporaries: %v", len(left), left)
	}
	s := stophook.NewFileStore(dir)
	for i := range 8 {
		b, err := s.Get(context.Background(), fmt.Sprint("k", i))
		if err != nil || !validStormValue(b) {
			t.Errorf("k%d after the storm: %.40q, %v", i, b, err)
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
	write := func(name string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o600); err != nil {
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
	age("expired.json", 31*24*time.Hour)
	if err := os.MkdirAll(filepath.Join(dir, ".locks"), 0o700); err != nil {
		t.Fatal(err)
	}
	// Files of the two-file layout of earlier versions: a second file
	// expired with its key, one alone, one of a key in use; and lock files.
	write("expired.json.alt")
	age("expired.json.alt", 31*24*time.Hour)
	write("alone.json.alt")
	age("alone.json.alt", 31*24*time.Hour)
	write("fresh.json.alt")
	write(".locks/orphan.lock") // a lock file whose value is gone
	age(".locks/orphan.lock", 2*time.Hour)
	write(".locks/fresh.lock") // an earlier version's lock of a key in use
	age(".locks/fresh.lock", 2*time.Hour)
	write(".locks/recent.lock")
	age(".locks/recent.lock", -30*time.Minute) // half an hour old at the sweep
	write(".fresh.json.tmp-1")
	write(".fresh.json.tmp-2")
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
		{".fresh.json.tmp-1", true},
		{".fresh.json.tmp-2", false},
		{"expired.json", false},
		{"expired.json.alt", false},
		{"alone.json.alt", false},
		{".locks/orphan.lock", false},
		// Where a key's file is its lock, an earlier version's lock files go.
		{".locks/fresh.lock", runtime.GOOS == "windows"},
		{".locks/recent.lock", true},
	} {
		if got := exists(tt.name); got != tt.want {
			t.Errorf("%s exists = %v after the sweep, want %v", tt.name, got, tt.want)
		}
	}
}

// TestFileStoreDeleteLeavesNothing: a deleted key leaves no file behind
// (its lock file either, where keys have one).
func TestFileStoreDeleteLeavesNothing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := stophook.NewFileStore(dir)
	ctx := context.Background()
	s.Update(ctx, "session/s1", func([]byte) ([]byte, error) { return []byte("v"), nil })
	if err := s.Delete(ctx, "session/s1"); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{dir, filepath.Join(dir, ".locks")} {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			if n := e.Name(); n != ".gitignore" && n != ".locks" && n != ".sweep" {
				t.Errorf("%s remains after Delete", filepath.Join(d, n))
			}
		}
	}
}

// TestFileStoreReadersRaceWriters reads a key without its lock while
// other goroutines update it with values of many sizes (records move
// between the file's offsets, and the file is cut back): every read is
// one of the values written, never a torn one or an error.
func TestFileStoreReadersRaceWriters(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := stophook.NewFileStore(t.TempDir())
	var writers, readers sync.WaitGroup
	done := make(chan struct{})
	for w := range 2 {
		writers.Go(func() {
			for i := range 150 {
				v := stormValue(w*1000 + i)
				if err := s.Update(ctx, "k", func([]byte) ([]byte, error) { return v, nil }); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	reads := make([]int, 2)
	for r := range reads {
		readers.Go(func() {
			for {
				select {
				case <-done:
					return
				default:
				}
				b, err := s.Get(ctx, "k")
				if errors.Is(err, stophook.ErrNotFound) {
					continue
				}
				if err != nil || !validStormValue(b) {
					t.Errorf("Get while updating = %.40q, %v; want a value written", b, err)
					return
				}
				reads[r]++
			}
		})
	}
	writers.Wait()
	close(done)
	readers.Wait()
	t.Logf("%d and %d reads during 300 updates", reads[0], reads[1])
}
