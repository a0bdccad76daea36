package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestReadFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := WriteFile(path, []byte("12345"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		path string
		max  int64
		want string
		err  error
	}{
		{"fits", path, 5, "12345", nil},
		{"too large", path, 4, "", ErrTooLarge},
		{"missing", filepath.Join(dir, "absent"), 5, "", fs.ErrNotExist},
		{"directory", dir, 5, "", ErrNotRegular},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := ReadFile(tt.path, tt.max)
			if string(b) != tt.want || !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
				t.Errorf("ReadFile = %q, %v; want %q, %v", b, err, tt.want, tt.err)
			}
		})
	}
}

func TestWriteFileTruncates(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "f")
	for _, s := range []string{"long content", "short"} {
		if err := WriteFile(path, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if b, _ := os.ReadFile(path); string(b) != "short" {
		t.Errorf("file holds %q, want %q", b, "short")
	}
}

// TestReadAllSizes reads files through readAll with a size that is right,
// too small (the file grew after the open) and too large (it shrank).
func TestReadAllSizes(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte("0123456789"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, size := range []int64{0, 3, 10, 20} {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := readAll(f, size, path, 100)
		f.Close()
		if err != nil || string(got) != "0123456789" {
			t.Errorf("size %d: got %q, %v, want the whole file", size, got, err)
		}
	}
	f, _ := os.Open(path)
	defer f.Close()
	if _, err := readAll(f, 3, path, 5); !errors.Is(err, ErrTooLarge) {
		t.Errorf("over max after a short size: got %v, want ErrTooLarge", err)
	}
}
