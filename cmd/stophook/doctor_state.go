package main

import (
	"errors"
	"os"
	"os/exec"
	"strings"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/loopstate"
)

// checkLoops warns about running loops whose max is above the block cap.
// It reads values through the FileStore (regular files only, bounded: the
// state dir is in the project).
func checkLoops(r *report, dir string, cap int) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	store := stophook.NewFileStore(dir)
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		data, err := store.ReadValueFile(e.Name())
		if err != nil {
			continue
		}
		st, err := loopstate.Parse(data)
		if err != nil || st.Event != loopstate.EventState || len(st.Stack) == 0 {
			continue
		}
		top := st.Stack[len(st.Stack)-1]
		if w := loopstate.CapWarning(top.Max, cap); w != "" {
			r.warnf("loop %s: %s", e.Name(), strings.TrimPrefix(w, "warning: "))
		} else {
			r.ok("loop %s: max %d within the block cap %d", e.Name(), top.Max, cap)
		}
	}
}

// checkStateDir checks the state dir can be written and is ignored by git.
func checkStateDir(r *report, dir, project string) {
	st, err := os.Lstat(dir)
	if errors.Is(err, os.ErrNotExist) {
		r.ok("state dir %s: not created yet", dir)
		return
	}
	if err == nil && !st.IsDir() {
		r.fail("state dir %s: not a directory (%s)", dir, st.Mode().Type())
		return
	}
	f, err := os.CreateTemp(dir, ".doctor-*")
	if err != nil {
		r.fail("state dir %s: not writable: %v", dir, err)
		return
	}
	probe := f.Name()
	f.Close()
	defer os.Remove(probe)
	r.ok("state dir %s: writable", dir)
	if _, err := exec.LookPath("git"); err != nil {
		r.ok("state dir %s: git not installed, ignore check skipped", dir)
		return
	}
	// No index read (--no-index) and no fsmonitor: nothing of the
	// repository's git config gets to run a program.
	c := exec.Command("git", "-c", "core.fsmonitor=false", "-C", project, "check-ignore", "--no-index", "-q", probe)
	err = c.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		r.ok("state dir %s: ignored by git", dir)
	case errors.As(err, &ee) && ee.ExitCode() == 1:
		r.fail("state dir %s: not ignored by git: state would be committed (add a .gitignore holding * to it)", dir)
	default:
		r.ok("state dir %s: not in a git work tree", dir)
	}
}
