package deferred

import (
	"testing"

	"github.com/stophook/stophook"
)

// unwrapper wraps a Store as a hook server's counting store does.
type unwrapper struct{ stophook.Store }

func (u unwrapper) Unwrap() stophook.Store { return u.Store }

// TestDirOfWrappedStore: an Asker without StateDir keeps its jobs in the
// directory of the input's FileStore. A hook server wraps its store (to
// count failures on /metrics), and the Asker then fell back to the
// project's <cwd>/.claude/stophook instead of the -store DIR it was given.
func TestDirOfWrappedStore(t *testing.T) {
	t.Parallel()
	dir, cwd := t.TempDir(), t.TempDir()
	fs := stophook.NewFileStore(dir)
	a := &Asker{}
	for name, tt := range map[string]struct {
		store stophook.Store
		want  string
	}{
		"a FileStore":               {fs, dir},
		"a wrapped FileStore":       {unwrapper{fs}, dir},
		"a FileStore wrapped twice": {unwrapper{unwrapper{fs}}, dir},
		"another store":             {unwrapper{new(stophook.MemoryStore)}, stophook.StateDir(cwd)},
	} {
		if got := a.dir(stophook.Input{CWD: cwd, Store: tt.store}); got != tt.want {
			t.Errorf("%s: dir %q, want %q", name, got, tt.want)
		}
	}
}
