package stophook

import (
	"os"
	"path/filepath"
)

// stateDirEnv names the environment variable that overrides [StateDir].
const stateDirEnv = "STOPHOOK_STATE_DIR"

// StateDir returns the directory for hook state: $STOPHOOK_STATE_DIR when
// set, else <cwd>/.claude/stophook. An empty cwd means the process's
// working directory.
func StateDir(cwd string) string {
	if d := os.Getenv(stateDirEnv); d != "" {
		return d
	}
	if cwd == "" {
		cwd = "."
	}
	return filepath.Join(cwd, ".claude", "stophook")
}
