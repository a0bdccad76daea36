//go:build unix

package stophook

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestFileStoreHardLinkedFile: a key's file with another name is read but
// never written in place; a file of the store's own takes its name.
func TestFileStoreHardLinkedFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	s := NewFileStore(dir)
	path := s.path("k")
	outside := filepath.Join(t.TempDir(), "someone-elses")
	content := encodeRecord(3, []byte(`"theirs"`))
	if err := os.WriteFile(outside, content, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(outside, path); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	if err := s.Update(ctx, "k", func(old []byte) ([]byte, error) { return append(old, '!'), nil }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(outside); !bytes.Equal(b, content) {
		t.Errorf("the other name's file changed: %q", b)
	}
	if got, err := s.Get(ctx, "k"); err != nil || string(got) != `"theirs"!` {
		t.Errorf("Get = %q, %v; want %q", got, err, `"theirs"!`)
	}
	if fi, err := os.Stat(path); err != nil || fileLinks(fi) != 1 {
		t.Errorf("the key's file after the update: %v, %d links; want one of its own", err, fileLinks(fi))
	}
}

func fileLinks(fi os.FileInfo) uint64 {
	if fi == nil {
		return 0
	}
	return uint64(fi.Sys().(*syscall.Stat_t).Nlink)
}
