//go:build unix

package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestHostileFiles plants what a cloned repository can hold under a name
// a hook opens: before, a dangling symlink made a write land outside the
// project and a FIFO blocked the hook until its budget ran out.
func TestHostileFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	outside := filepath.Join(t.TempDir(), "victim")
	must(t, os.WriteFile(filepath.Join(dir, "regular"), []byte("ok"), 0o600))
	must(t, os.WriteFile(outside, []byte("precious"), 0o600))
	must(t, os.Symlink(outside, filepath.Join(dir, "link")))
	must(t, os.Symlink(filepath.Join(t.TempDir(), "absent"), filepath.Join(dir, "dangling")))
	must(t, syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o600))
	must(t, os.Mkdir(filepath.Join(dir, "dir"), 0o700))

	tests := []struct {
		name string
		flag int
		want error // nil: opens
	}{
		{"regular", os.O_RDONLY, nil},
		{"regular", os.O_RDWR | os.O_CREATE, nil},
		{"missing", os.O_RDWR | os.O_CREATE, nil},
		{"link", os.O_RDONLY, ErrNotRegular},
		{"link", os.O_WRONLY | os.O_TRUNC, ErrNotRegular},
		{"dangling", os.O_WRONLY | os.O_CREATE | os.O_TRUNC, ErrNotRegular},
		{"dangling", os.O_RDWR | os.O_CREATE, ErrNotRegular},
		{"fifo", os.O_RDONLY, ErrNotRegular},
		{"fifo", os.O_WRONLY, ErrNotRegular},
		{"fifo", os.O_RDWR | os.O_CREATE, ErrNotRegular},
		{"dir", os.O_RDONLY, ErrNotRegular},
	}
	for _, tt := range tests {
		f, err := OpenFile(filepath.Join(dir, tt.name), tt.flag, 0o600)
		if f != nil {
			f.Close()
		}
		if !errors.Is(err, tt.want) || (err == nil) != (tt.want == nil) {
			t.Errorf("OpenFile(%s, %#o) = %v, want %v", tt.name, tt.flag, err, tt.want)
		}
	}
	if b, _ := os.ReadFile(outside); string(b) != "precious" {
		t.Errorf("the symlink's target holds %q, want it untouched", b)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(outside), "absent")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the dangling symlink's target was created: %v", err)
	}
	if err := WriteFile(filepath.Join(dir, "dangling"), []byte("x"), 0o600); !errors.Is(err, ErrNotRegular) {
		t.Errorf("WriteFile(dangling) = %v, want ErrNotRegular", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "fifo"), 10); !errors.Is(err, ErrNotRegular) {
		t.Errorf("ReadFile(fifo) = %v, want ErrNotRegular", err)
	}
	if b, err := ReadFileFollow(filepath.Join(dir, "link"), 10); err != nil || string(b) != "precious" {
		t.Errorf("ReadFileFollow(link) = %q, %v; want the target", b, err)
	}
	if _, err := ReadFileFollow(filepath.Join(dir, "fifo"), 10); !errors.Is(err, ErrNotRegular) {
		t.Errorf("ReadFileFollow(fifo) = %v, want ErrNotRegular", err)
	}
	must(t, os.Symlink(filepath.Join(dir, "fifo"), filepath.Join(dir, "link-to-fifo")))
	if _, err := OpenRead(filepath.Join(dir, "link-to-fifo")); !errors.Is(err, ErrNotRegular) {
		t.Errorf("OpenRead(symlink to a fifo) = %v, want ErrNotRegular", err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
