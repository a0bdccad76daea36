//go:build unix

package triage

import (
	"context"
	"github.com/stophook/stophook/stophooktest"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestMemoryTriageHostileFlag plants what a cloned repository can hold at
// .claude/.stop_hook_active: a dangling symlink made the blocking stop
// write the session id outside the project, and a FIFO blocked every stop
// until the hook's budget ran out.
func TestMemoryTriageHostileFlag(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		plant func(t *testing.T, flag, outside string) error
	}{
		{"dangling symlink", func(t *testing.T, flag, outside string) error { return os.Symlink(outside, flag) }},
		{"FIFO", func(t *testing.T, flag, outside string) error { return syscall.Mkfifo(flag, 0o600) }},
		{"FIFO config", func(t *testing.T, flag, outside string) error {
			return syscall.Mkfifo(filepath.Join(filepath.Dir(flag), configFile), 0o600)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			in := stop(t, decisionAndTODO)
			outside := filepath.Join(t.TempDir(), "victim")
			if err := os.MkdirAll(filepath.Join(in.CWD, ".claude"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := tt.plant(t, flagFile(in), outside); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			d, err := (&MemoryTriage{Config: nil}).Evaluate(ctx, in)
			if ctx.Err() != nil {
				t.Fatalf("Evaluate waited until its deadline")
			}
			if err != nil {
				t.Fatalf("Evaluate = %v", err)
			}
			stophooktest.AssertBlocks(t, d, wantReason)
			if _, err := os.Lstat(outside); err == nil {
				t.Errorf("the flag was written through the symlink, outside the project")
			}
			if fi, err := os.Lstat(flagFile(in)); err != nil || !fi.Mode().IsRegular() {
				t.Errorf("flag after the block: %v, %v; want a regular file", fi, err)
			}
		})
	}
}
