package hookconf

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/stophook/stophook/internal/flock"
	"github.com/stophook/stophook/internal/safefile"
)

// FileEdit is the new content of one settings file.
type FileEdit struct {
	// Path is the settings file as the host names it.
	Path string
	// Target is the file written: Path, or where its symlinks lead.
	Target        string
	Before, After []byte
	Existed       bool
}

// Changed reports whether the edit changes the file.
func (f FileEdit) Changed() bool { return string(f.Before) != string(f.After) }

// Backup is where [FileEdit.Write] keeps the previous content.
func (f FileEdit) Backup() string { return f.Target + ".bak" }

// Plan reads the host's settings file for scope (a missing file is empty)
// and returns the edits that apply c: the settings file and, for Codex,
// config.toml with the hook's trust entries. Nothing is written.
//
// The project and local scopes refuse a settings file, or a directory on
// its way, that links outside the project (p.Dir): a cloned repository
// must not redirect an edit into the user's own files. The user scope
// follows links, so a dotfiles manager's link is written through.
func Plan(c Change, s Scope, p Places) ([]FileEdit, error) {
	files, err := files(c, s, p)
	if err != nil {
		return nil, err
	}
	return plan(c, files)
}

// Commit applies c as [Plan] computes it and writes the changed files,
// holding a lock on each (a sibling lock file) from the read to the
// write, so that concurrent installs each keep the others' hooks.
func Commit(ctx context.Context, c Change, s Scope, p Places) ([]FileEdit, error) {
	files, err := files(c, s, p)
	if err != nil {
		return nil, err
	}
	targets := make([]string, len(files))
	for i, f := range files {
		targets[i] = f.Target
	}
	slices.Sort(targets) // one order for every process
	for _, t := range slices.Compact(targets) {
		if c.Remove {
			if _, err := os.Stat(filepath.Dir(t)); err != nil {
				continue // nothing there to remove from: no directory made for the lock
			}
		} else if err := os.MkdirAll(filepath.Dir(t), 0o755); err != nil {
			return nil, err
		}
		lock := filepath.Join(filepath.Dir(t), "."+filepath.Base(t)+".lock")
		unlock, err := flock.Lock(ctx, lock)
		if err != nil {
			return nil, fmt.Errorf("hookconf: lock %s: %w", lock, err)
		}
		defer func() {
			os.Remove(lock) // under the lock: flock takes a removed file's lock anew
			unlock()
		}()
	}
	edits, err := plan(c, files) // read under the locks
	if err != nil {
		return nil, err
	}
	for _, e := range edits {
		if err := e.Write(); err != nil {
			return edits, err
		}
	}
	return edits, nil
}

// files returns the files c edits, with their targets resolved.
func files(c Change, s Scope, p Places) ([]FileEdit, error) {
	path, err := c.Host.Path(s, p)
	if err != nil {
		return nil, err
	}
	within := ""
	if s != User {
		within = p.Dir
	}
	t, err := target(path, within)
	if err != nil {
		return nil, err
	}
	out := []FileEdit{{Path: path, Target: t}}
	if c.Host.Name == "codex" {
		cfg := filepath.Join(p.codexHome(), "config.toml")
		t, err := target(cfg, "")
		if err != nil {
			return nil, err
		}
		out = append(out, FileEdit{Path: cfg, Target: t})
	}
	return out, nil
}

// plan reads files and fills in their edits.
func plan(c Change, files []FileEdit) ([]FileEdit, error) {
	edits := slices.Clone(files)
	for i := range edits {
		b, existed, err := ReadSettings(edits[i].Target)
		if err != nil {
			return nil, err
		}
		edits[i].Before, edits[i].Existed = b, existed
	}
	after, err := Apply(edits[0].Before, c)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", edits[0].Path, err)
	}
	edits[0].After = after
	if c.Host.Name == "codex" {
		ca, err := CodexTrust(edits[1].Before, edits[0].Path, edits[0].Before, after, c.Hook, c.Events)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", edits[1].Path, err)
		}
		edits[1].After = ca
	}
	return edits, nil
}

// Write writes the edit: the old content goes to [FileEdit.Backup], then
// the new content to a temporary file beside the target that is renamed
// over it, keeping the target's permissions (0644 for a new file). Both
// renames replace whatever entry is there, so a symlink or FIFO planted as
// the backup is never followed. The backup is kept writable by its owner
// (a read-only settings file stays read-only, its backup does not), so the
// next edit can replace it. An unchanged edit writes nothing.
func (f FileEdit) Write() error {
	if !f.Changed() {
		return nil
	}
	t := f.Target
	if t == "" {
		t = f.Path
	}
	perm := fs.FileMode(0o644)
	if st, err := os.Stat(t); err == nil {
		perm = st.Mode().Perm()
	}
	if err := os.MkdirAll(filepath.Dir(t), 0o755); err != nil {
		return f.explain(err)
	}
	if f.Existed {
		if err := safefile.WriteAtomic(t+".bak", f.Before, perm|0o600); err != nil {
			return f.explain(fmt.Errorf("backup: %w", err))
		}
	}
	if err := safefile.WriteAtomic(t, f.After, perm); err != nil {
		return f.explain(err)
	}
	return nil
}

// explain names the link when a write through one failed: the target may
// live where the user cannot write (a dotfiles manager's store).
func (f FileEdit) explain(err error) error {
	if f.Target != "" && f.Target != f.Path {
		return fmt.Errorf("%s is a symlink to %s, which cannot be written (%w): edit the source of your dotfiles, or replace the link by a file", f.Path, f.Target, err)
	}
	return err
}
