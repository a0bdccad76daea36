package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// ClaudeVersion is the Claude Code release the suite is pinned to.
const ClaudeVersion = "2.1.330"

// Environment variables read by the suite.
const (
	// EnvClaude names the claude binary to run.
	EnvClaude = "STOPHOOK_CLAUDE"
	// EnvClaudeDir is the npm prefix .ci/run installs Claude Code into.
	EnvClaudeDir = "STOPHOOK_CLAUDE_DIR"
	// EnvRequired, set to 1, turns a missing binary into a failure.
	EnvRequired = "STOPHOOK_E2E"
	// EnvCapture names a directory to copy scrubbed transcripts into.
	EnvCapture = "STOPHOOK_E2E_CAPTURE"
)

// DefaultClaudeDir returns the npm prefix .ci/run installs Claude Code into
// when STOPHOOK_CLAUDE_DIR is unset: $HOME/.cache/stophook/claude-code-<version>.
func DefaultClaudeDir() string {
	if d := os.Getenv(EnvClaudeDir); d != "" {
		return d
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".cache", "stophook", "claude-code-"+ClaudeVersion)
}

// FindClaude returns the claude binary: $STOPHOOK_CLAUDE, else the one in
// [DefaultClaudeDir], else claude on PATH. It returns "" when none exists.
func FindClaude() string {
	if p := os.Getenv(EnvClaude); p != "" {
		if isExecutable(p) {
			return p
		}
		return ""
	}
	if d := DefaultClaudeDir(); d != "" {
		p := filepath.Join(d, "node_modules", ".bin", "claude")
		if isExecutable(p) {
			return p
		}
	}
	if p, err := exec.LookPath("claude"); err == nil {
		return p
	}
	return ""
}

// RequireClaude returns the claude binary, or skips the test with a clear
// message when there is none; with STOPHOOK_E2E=1 a missing binary fails
// the test instead.
func RequireClaude(t testing.TB) string {
	t.Helper()
	if p := FindClaude(); p != "" {
		return p
	}
	msg := "e2e: no Claude Code binary: set " + EnvClaude + ", or install it with " +
		"`npm install --prefix " + DefaultClaudeDir() + " @anthropic-ai/claude-code@" + ClaudeVersion +
		"`, or put claude on PATH; .ci/run installs every client and runs this suite with " + EnvRequired + "=1"
	if os.Getenv(EnvRequired) == "1" {
		t.Fatal(msg + " (" + EnvRequired + "=1 makes this a failure)")
	}
	t.Skip(msg)
	return ""
}

func isExecutable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir() && st.Mode()&0o111 != 0
}
