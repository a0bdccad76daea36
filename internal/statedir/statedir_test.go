package statedir_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stophook/stophook/internal/statedir"
)

func TestEnsure(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		setup     func(root string) (dir, project string)
		wantErr   error
		wantIgn   bool
		noProject bool // the project directory must still be missing afterwards
	}{
		{
			name: "new state dir in an existing project",
			setup: func(root string) (string, string) {
				return filepath.Join(root, ".claude", "stophook"), root
			},
			wantIgn: true,
		},
		{
			name: "missing project is not created",
			setup: func(root string) (string, string) {
				p := filepath.Join(root, "gone")
				return filepath.Join(p, ".claude", "stophook"), p
			},
			wantErr:   statedir.ErrNoProject,
			noProject: true,
		},
		{
			name: "no project: any missing parent is created",
			setup: func(root string) (string, string) {
				return filepath.Join(root, "a", "b", "state"), ""
			},
			wantIgn: true,
		},
		{
			name: "existing state dir without locks gets the ignore file",
			setup: func(root string) (string, string) {
				d := filepath.Join(root, "state")
				os.Mkdir(d, 0o700)
				return d, root
			},
			wantIgn: true,
		},
		{
			name: "a state dir already set up is left as it is",
			setup: func(root string) (string, string) {
				d := filepath.Join(root, "state")
				os.MkdirAll(filepath.Join(d, statedir.LocksDir), 0o700)
				return d, root
			},
			wantIgn: false,
		},
		{
			name: "an existing ignore file is kept",
			setup: func(root string) (string, string) {
				d := filepath.Join(root, "state")
				os.Mkdir(d, 0o700)
				os.WriteFile(filepath.Join(d, statedir.IgnoreFile), []byte("mine\n"), 0o644)
				return d, root
			},
			wantIgn: false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			dir, project := tt.setup(root)
			err := statedir.Ensure(dir, project)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Ensure: got %v, want %v", err, tt.wantErr)
			}
			if tt.noProject {
				if _, err := os.Stat(project); !os.IsNotExist(err) {
					t.Fatalf("project dir: got %v, want it missing", err)
				}
				return
			}
			if st, err := os.Stat(filepath.Join(dir, statedir.LocksDir)); err != nil || !st.IsDir() {
				t.Fatalf("locks dir: %v", err)
			}
			b, err := os.ReadFile(filepath.Join(dir, statedir.IgnoreFile))
			if got := err == nil && string(b) == "*\n"; got != tt.wantIgn {
				t.Fatalf(".gitignore holding *: got %v (%q, %v), want %v", got, b, err, tt.wantIgn)
			}
		})
	}
}

// TestWritable: a state directory is writable when a file can be made in
// it; one under a regular file is not. (Permission bits are no test when
// the tests run as root.)
func TestWritable(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "state")
	if err := statedir.Writable(dir); err != nil {
		t.Errorf("Writable(new dir) = %v, want nil", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 { // .locks and .gitignore, no probe left
		t.Errorf("Writable left %d entries in the dir, want 2", len(entries))
	}
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := statedir.Writable(filepath.Join(file, "state")); err == nil {
		t.Error("Writable(dir under a file) = nil, want an error")
	}
	if os.Geteuid() != 0 {
		ro := t.TempDir()
		if err := statedir.Writable(ro); err != nil {
			t.Fatal(err)
		}
		os.Chmod(ro, 0o500)
		t.Cleanup(func() { os.Chmod(ro, 0o700) })
		if err := statedir.Writable(ro); err == nil {
			t.Error("Writable(read-only dir) = nil, want an error")
		}
	}
}
