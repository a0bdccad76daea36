package stophook

import "path/filepath"

// StateDir returns a project's own directory for hook state:
// <cwd>/.claude/stophook. An empty cwd means the process's working
// directory. It reads no environment: the runner (package hook) reads
// -state DIR and $STOPHOOK_STATE_DIR, once, and hands the store over as
// [Input.Store].
func StateDir(cwd string) string {
	if cwd == "" {
		cwd = "."
	}
	return filepath.Join(cwd, ".claude", "stophook")
}
