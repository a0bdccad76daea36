package hookconf

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// FileEdit is the new content of one settings file.
type FileEdit struct {
	Path          string
	Before, After []byte
	Existed       bool
}

// Changed reports whether the edit changes the file.
func (f FileEdit) Changed() bool { return string(f.Before) != string(f.After) }

// Plan reads the host's settings file for scope (a missing file is empty)
// and returns the edits that apply c: the settings file and, for Codex,
// config.toml with the hook's trust entries. Nothing is written.
func Plan(c Change, s Scope, p Places) ([]FileEdit, error) {
	path, err := c.Host.Path(s, p)
	if err != nil {
		return nil, err
	}
	before, existed, err := readFile(path)
	if err != nil {
		return nil, err
	}
	after, err := Apply(before, c)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	edits := []FileEdit{{Path: path, Before: before, After: after, Existed: existed}}
	if c.Host.Name == "codex" {
		cfg := filepath.Join(p.codexHome(), "config.toml")
		cb, cexisted, err := readFile(cfg)
		if err != nil {
			return nil, err
		}
		ca, err := CodexTrust(cb, path, before, after, c.Hook, c.Events)
		if err != nil {
			return nil, err
		}
		edits = append(edits, FileEdit{Path: cfg, Before: cb, After: ca, Existed: cexisted})
	}
	return edits, nil
}

func readFile(path string) ([]byte, bool, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return b, true, nil
}

// Write writes the edit: the old file is copied to path.bak first, then
// the new content goes to a temporary file in the same directory that is
// renamed over path, keeping the old file's permissions (0644 for a new
// file). An unchanged edit writes nothing.
func (f FileEdit) Write() error {
	if !f.Changed() {
		return nil
	}
	perm := fs.FileMode(0o644)
	if st, err := os.Stat(f.Path); err == nil {
		perm = st.Mode().Perm()
	}
	dir := filepath.Dir(f.Path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if f.Existed {
		if err := os.WriteFile(f.Path+".bak", f.Before, perm); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(f.Path)+".tmp-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	_, err = tmp.Write(f.After)
	if err == nil {
		err = tmp.Chmod(perm)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name, f.Path)
	}
	if err != nil {
		os.Remove(name)
		return err
	}
	return nil
}
