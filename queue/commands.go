package queue

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/stophook/stophook/internal/safefile"
)

// errUnknownCommand reports a slash command Claude Code would not know. The
// TUI answers an unknown command with "Unknown command" and fires no hook,
// so a queue waiting on it would wait forever.
var errUnknownCommand = errors.New("queue: unknown slash command")

// defaultBuiltins lists the built-in slash commands of Claude Code 2.1.330 (without
// the "/"), as found in its binary, plus older names.
var defaultBuiltins = []string{
	"access", "add-dir", "advisor", "agents", "artifacts", "auto-mode-setup", "autocompact",
	"autofix-pr", "background", "bashes", "branch", "brief", "btw", "bug", "cd", "clear",
	"cloud-plugins", "color", "compact", "config", "context", "copy", "cost", "daemon",
	"design-consent", "design-login", "design-revoke", "desktop", "diff", "doctor", "effort",
	"exit", "export", "extra-usage", "fast", "feedback", "focus", "fork", "goal", "heapdump",
	"help", "hooks", "ide", "import", "init", "install", "install-github-app",
	"install-slack-app", "list-agents", "login", "logout", "mcp", "memory", "mobile", "model",
	"output-style", "passes", "pause-memory", "permissions", "plan", "plugin", "powerup",
	"pr-comments", "privacy-settings", "pro-trial-expired", "project", "radio",
	"rate-limit-options", "recap", "release-notes", "reload-plugins", "reload-skills",
	"remote-control", "remote-env", "rename", "restart", "resume", "review", "rewind",
	"scroll-speed", "security-review", "session", "setup-bedrock", "setup-vertex",
	"skill-doctor", "skills", "status", "statusline", "stickers", "stop", "subtask", "tasks",
	"teleport", "terminal-setup", "theme", "todos", "tui", "ultraplan", "ultrareview",
	"upgrade", "usage", "usage-credits", "use-case", "version", "vim", "voice", "web-setup",
	"wellbeing", "workflow-launch-exec", "workflows",
}

// Commands checks that slash commands exist before a driver queues them:
// built-ins, custom commands (.claude/commands/**.md, "/a:b" for a/b.md)
// and skills (.claude/skills/<name>/SKILL.md) of the project and of the
// user, and the commands of installed plugins ("/plugin:cmd").
type Commands struct {
	// ProjectDir is the project Claude Code runs in; default ".".
	ProjectDir string
	// ConfigDir is the user's Claude directory; default $CLAUDE_CONFIG_DIR,
	// else $HOME/.claude.
	ConfigDir string
	// Builtins defaults to the built-in commands of Claude Code 2.1.330.
	Builtins []string
}

// Check returns nil when every slash command in commands exists, else an
// error wrapping [errUnknownCommand] naming the first unknown one. Plain
// prompts (not starting with "/") are not checked.
func (c Commands) Check(commands []string) error {
	for _, cmd := range commands {
		word := firstWord(cmd)
		if !strings.HasPrefix(word, "/") {
			continue
		}
		if !c.Exists(word[1:]) {
			return fmt.Errorf("%w: %s", errUnknownCommand, word)
		}
	}
	return nil
}

// Exists reports whether the slash command name (without "/") exists.
func (c Commands) Exists(name string) bool {
	if name == "" || strings.ContainsAny(name, "/\\") || strings.Contains(name, "..") {
		return false
	}
	builtins := c.Builtins
	if builtins == nil {
		builtins = defaultBuiltins
	}
	for _, b := range builtins {
		if name == b {
			return true
		}
	}
	rel := filepath.Join(strings.Split(name, ":")...)
	for _, dir := range []string{c.project(), c.config()} {
		if dir == "" {
			continue
		}
		if isFile(filepath.Join(dir, "commands", rel+".md")) ||
			(!strings.Contains(name, ":") && isFile(filepath.Join(dir, "skills", name, "SKILL.md"))) {
			return true
		}
	}
	if plugin, cmd, ok := strings.Cut(name, ":"); ok {
		for _, root := range c.pluginRoots(plugin) {
			if isFile(filepath.Join(root, "commands", filepath.Join(strings.Split(cmd, ":")...)+".md")) ||
				isFile(filepath.Join(root, "skills", cmd, "SKILL.md")) {
				return true
			}
		}
	}
	return false
}

func (c Commands) project() string {
	p := c.ProjectDir
	if p == "" {
		p = "."
	}
	return filepath.Join(p, ".claude")
}

func (c Commands) config() string {
	if c.ConfigDir != "" {
		return c.ConfigDir
	}
	if d := os.Getenv("CLAUDE_CONFIG_DIR"); d != "" {
		return d
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".claude")
	}
	return ""
}

// pluginRoots returns the install paths of the installed plugin named
// plugin, read from plugins/installed_plugins.json (keys "name@marketplace").
func (c Commands) pluginRoots(plugin string) []string {
	cfg := c.config()
	if cfg == "" {
		return nil
	}
	data, err := safefile.ReadFileFollow(filepath.Join(cfg, "plugins", "installed_plugins.json"), maxRegistrySize)
	if err != nil {
		return nil
	}
	var f struct {
		Plugins map[string]json.RawMessage `json:"plugins"`
	}
	if json.Unmarshal(data, &f) != nil {
		return nil
	}
	var roots []string
	for key, raw := range f.Plugins {
		name, _, _ := strings.Cut(key, "@")
		if name != plugin {
			continue
		}
		// Version 2 files hold a list of installs, version 1 a single one.
		var installs []struct {
			InstallPath string `json:"installPath"`
		}
		if json.Unmarshal(raw, &installs) != nil {
			var one struct {
				InstallPath string `json:"installPath"`
			}
			if json.Unmarshal(raw, &one) == nil {
				installs = append(installs, one)
			}
		}
		for _, in := range installs {
			if in.InstallPath != "" {
				roots = append(roots, in.InstallPath)
			}
		}
	}
	return roots
}

func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}
