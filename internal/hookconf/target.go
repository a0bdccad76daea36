package hookconf

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// target returns the file a write to path lands in: path itself, or the
// end of its symlinks when path or one of its directories is a link (a
// dotfiles manager's, written through). within, when not empty, is a
// directory that both the target and the directory holding path must lie
// in: a project's settings must not lead outside the project, whatever a
// cloned repository links them to.
func target(path, within string) (string, error) {
	real, err := filepath.EvalSymlinks(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if fi, lerr := os.Lstat(path); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
			dest, _ := os.Readlink(path)
			return "", fmt.Errorf("hookconf: %s is a symlink to %s, which does not exist: refusing to create a file through it", path, dest)
		}
		dir, derr := evalExisting(filepath.Dir(path))
		if derr != nil {
			return "", fmt.Errorf("hookconf: %w", derr)
		}
		real = filepath.Join(dir, filepath.Base(path))
	case err != nil:
		return "", fmt.Errorf("hookconf: %w", err)
	}
	if within == "" {
		return real, nil
	}
	root, err := filepath.EvalSymlinks(within)
	if err != nil {
		return "", fmt.Errorf("hookconf: %w", err)
	}
	dir, err := evalExisting(filepath.Dir(path))
	if err != nil {
		return "", fmt.Errorf("hookconf: %w", err)
	}
	for _, p := range []string{real, dir} {
		if !inside(root, p) {
			return "", fmt.Errorf("hookconf: %s leads to %s, outside the project %s: refusing to write through a link the repository may have planted", path, p, within)
		}
	}
	return real, nil
}

// evalExisting resolves the symlinks of dir's longest existing prefix
// and appends the rest.
func evalExisting(dir string) (string, error) {
	var rest []string
	for {
		real, err := filepath.EvalSymlinks(dir)
		if err == nil {
			return filepath.Join(append([]string{real}, rest...)...), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		if fi, lerr := os.Lstat(dir); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
			dest, _ := os.Readlink(dir)
			return "", fmt.Errorf("%s is a symlink to %s, which does not exist", dir, dest)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", err
		}
		rest = append([]string{filepath.Base(dir)}, rest...)
		dir = parent
	}
}

// inside reports whether path is root or below it.
func inside(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
