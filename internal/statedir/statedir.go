// Package statedir creates the directories that hold hook state. It never
// creates the project directory a hook input names, and it marks each
// state directory it sets up as ignored by git.
package statedir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrNoProject is returned by [Ensure] when the project directory is
// missing: a hook input naming a directory that does not exist must not
// make one.
var ErrNoProject = errors.New("project directory does not exist; not creating it")

// LocksDir is the subdirectory of a state directory that holds lock files.
const LocksDir = ".locks"

// IgnoreFile is written into a state directory when it is set up; it holds
// "*", so git ignores the directory and everything in it.
const IgnoreFile = ".gitignore"

// Ensure makes sure dir and dir/.locks exist. When project is not empty it
// must already exist (dir is usually below it); Ensure creates only what is
// missing below it, and returns an error wrapping [ErrNoProject] otherwise.
// When Ensure creates dir/.locks it also writes dir/.gitignore holding "*"
// unless that file exists. An existing dir/.locks costs one mkdir call.
func Ensure(dir, project string) error {
	locks := filepath.Join(dir, LocksDir)
	err := os.Mkdir(locks, 0o700)
	switch {
	case err == nil:
	case errors.Is(err, fs.ErrExist):
		return nil
	case errors.Is(err, fs.ErrNotExist):
		if project != "" {
			if _, err := os.Stat(project); err != nil {
				return fmt.Errorf("%s: %w", project, ErrNoProject)
			}
		}
		if err := os.MkdirAll(locks, 0o700); err != nil {
			return err
		}
	default:
		return err
	}
	return writeIgnore(dir)
}

func writeIgnore(dir string) error {
	f, err := os.OpenFile(filepath.Join(dir, IgnoreFile), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return err
	}
	_, err = f.WriteString("*\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Writable reports whether files can be made in the state directory dir
// (a hook server's /healthz asks it of its file store): it sets dir up as
// [Ensure] does, then creates and removes a file in it. A read-only or
// full file system, or permissions, make it fail as a store update would.
func Writable(dir string) error {
	if err := Ensure(dir, ""); err != nil {
		return fmt.Errorf("statedir: %s is not writable: %w", dir, err)
	}
	f, err := os.CreateTemp(dir, ".writable-*")
	if err != nil {
		return fmt.Errorf("statedir: %s is not writable: %w", dir, err)
	}
	err = f.Close()
	if rerr := os.Remove(f.Name()); err == nil {
		err = rerr
	}
	return err
}
