package stophook

import (
	"os"
	"path/filepath"
)

// StateDirEnv names the environment variable that overrides [StateDir].
const StateDirEnv = "STOPHOOK_STATE_DIR"

// StateDir returns the directory for hook state: $STOPHOOK_STATE_DIR when
// set, else <cwd>/.claude/stophook. An empty cwd means the process's
// working directory.
func StateDir(cwd string) string {
	if d := os.Getenv(StateDirEnv); d != "" {
		return d
	}
	if cwd == "" {
		cwd = "."
	}
	return filepath.Join(cwd, ".claude", "stophook")
}
