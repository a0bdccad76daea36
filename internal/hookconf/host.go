package hookconf

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// Scope selects which settings file of a host is edited.
type Scope string

// Scopes.
const (
	User    Scope = "user"    // the user's own settings, for every project
	Project Scope = "project" // the project's shared settings, committed with it
	Local   Scope = "local"   // the project's settings for this user only (Claude Code)
)

// Places holds the directories settings paths are derived from.
type Places struct {
	Home      string // the user's home directory
	Dir       string // the project directory
	CodexHome string // $CODEX_HOME; default Home/.codex
	// ClaudeConfigDir is $CLAUDE_CONFIG_DIR, where Claude Code keeps the
	// user's settings; default Home/.claude.
	ClaudeConfigDir string
}

// Host describes where and how one agent reads its hooks.
type Host struct {
	// Name is the host's name as -host takes it.
	Name string
	// DefaultEvents are installed when no events are given: the turn-end
	// event and the lifecycle events the library counts turns with.
	DefaultEvents []string
	// events maps Claude Code's event names to this host's; events that
	// are absent do not exist on this host.
	events map[string]string
	// grouped: event → [{matcher, hooks: [entry]}] (Claude Code's shape);
	// else event → [entry] with a top-level "version": 1.
	grouped bool
	// cmdKey names the entry's command field.
	cmdKey string
	// entry renders the hook's entry for the host event.
	entry func(h Hook, event string) json.RawMessage
	// path returns the settings file for a scope.
	path func(s Scope, p Places) (string, error)
	// asyncStopFailure registers StopFailure as an async asyncRewake hook
	// in a group matching the errors worth waiting for (Claude Code).
	asyncStopFailure bool
}

// Event returns the host's name for a Claude Code event name (Stop,
// SessionStart, UserPromptSubmit, SessionEnd, SubagentStop); a name the
// host itself uses is returned as it is. ok is false when the host has no
// such event.
func (h *Host) Event(name string) (string, bool) {
	if e, ok := h.events[name]; ok {
		return e, true
	}
	for _, e := range h.events {
		if e == name {
			return e, true
		}
	}
	return "", false
}

// Path returns the settings file the host reads for scope.
func (h *Host) Path(s Scope, p Places) (string, error) { return h.path(s, p) }

var claudeEvents = map[string]string{
	"Stop": "Stop", "SubagentStop": "SubagentStop", "SessionStart": "SessionStart",
	"UserPromptSubmit": "UserPromptSubmit", "SessionEnd": "SessionEnd",
}

// claudeCodeEvents adds the events only Claude Code has.
var claudeCodeEvents = map[string]string{
	"Stop": "Stop", "SubagentStop": "SubagentStop", "SessionStart": "SessionStart",
	"UserPromptSubmit": "UserPromptSubmit", "SessionEnd": "SessionEnd", "StopFailure": "StopFailure",
}

var lifecycle = []string{"Stop", "SessionStart", "UserPromptSubmit", "SessionEnd"}

// Hosts lists the supported hosts by name.
var Hosts = map[string]*Host{
	"claude": {
		Name: "claude", DefaultEvents: lifecycle, events: claudeCodeEvents, grouped: true, cmdKey: "command",
		entry: claudeEntry(true), asyncStopFailure: true,
		path: func(s Scope, p Places) (string, error) {
			switch s {
			case User:
				if p.ClaudeConfigDir != "" {
					return filepath.Join(p.ClaudeConfigDir, "settings.json"), nil
				}
				return filepath.Join(p.Home, ".claude", "settings.json"), nil
			case Project:
				return filepath.Join(p.Dir, ".claude", "settings.json"), nil
			case Local:
				return filepath.Join(p.Dir, ".claude", "settings.local.json"), nil
			}
			return "", badScope("claude", s)
		},
	},
	"qwen": {
		Name: "qwen", DefaultEvents: lifecycle, events: claudeEvents, grouped: true, cmdKey: "command",
		entry: claudeEntry(false), path: userProject("qwen", ".qwen", "settings.json"),
	},
	"droid": {
		Name: "droid", DefaultEvents: lifecycle, events: claudeEvents, grouped: true, cmdKey: "command",
		entry: claudeEntry(false), path: userProject("droid", ".factory", "settings.json"),
	},
	"gemini": {
		Name: "gemini", DefaultEvents: lifecycle, grouped: true, cmdKey: "command",
		events: map[string]string{"Stop": "AfterAgent", "SessionStart": "SessionStart",
			"UserPromptSubmit": "BeforeAgent", "SessionEnd": "SessionEnd"},
		entry: func(h Hook, _ string) json.RawMessage {
			return entryObject("type", "command", "command", h.Shell(), "timeout", h.Timeout*1000)
		},
		path: userProject("gemini", ".gemini", "settings.json"),
	},
	"codex": {
		Name: "codex", DefaultEvents: lifecycle, grouped: true, cmdKey: "command",
		events: map[string]string{"Stop": "Stop", "SessionStart": "SessionStart",
			"UserPromptSubmit": "UserPromptSubmit", "SessionEnd": "SessionEnd"},
		entry: func(h Hook, event string) json.RawMessage {
			return entryObject("type", "command", "command", h.Shell(), "timeout", codexTimeout(h.Timeout, event))
		},
		path: func(s Scope, p Places) (string, error) {
			switch s {
			case User:
				return filepath.Join(p.codexHome(), "hooks.json"), nil
			case Project:
				return filepath.Join(p.Dir, ".codex", "hooks.json"), nil
			}
			return "", badScope("codex", s)
		},
	},
	"copilot": {
		Name: "copilot", DefaultEvents: lifecycle, cmdKey: "bash",
		events: map[string]string{"Stop": "agentStop", "SessionStart": "sessionStart",
			"UserPromptSubmit": "userPromptSubmitted", "SessionEnd": "sessionEnd"},
		entry: func(h Hook, _ string) json.RawMessage {
			return entryObject("type", "command", "bash", h.Shell(), "timeoutSec", h.Timeout)
		},
		path: func(s Scope, p Places) (string, error) {
			switch s {
			case User:
				return filepath.Join(p.Home, ".copilot", "hooks", "stophook.json"), nil
			case Project:
				return filepath.Join(p.Dir, ".github", "hooks", "stophook.json"), nil
			}
			return "", badScope("copilot", s)
		},
	},
	"cursor": {
		// Cursor counts follow-ups itself (loop_count, loop_limit): the
		// stop hook is enough.
		Name: "cursor", DefaultEvents: []string{"Stop"}, cmdKey: "command",
		events: map[string]string{"Stop": "stop", "SubagentStop": "subagentStop",
			"SessionStart": "sessionStart", "UserPromptSubmit": "beforeSubmitPrompt", "SessionEnd": "sessionEnd"},
		entry: func(h Hook, event string) json.RawMessage {
			if event == "stop" || event == "subagentStop" {
				return entryObject("command", h.Shell(), "loop_limit", CursorLoopLimit)
			}
			return entryObject("command", h.Shell())
		},
		path: userProject("cursor", ".cursor", "hooks.json"),
	},
}

// CursorLoopLimit is the loop_limit written for Cursor's stop hook: how
// many follow-ups Cursor lets the hook cause in a row.
const CursorLoopLimit = 5

// HostNames returns the supported host names, sorted.
func HostNames() []string {
	names := make([]string, 0, len(Hosts))
	for n := range Hosts {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// codexTimeout is the timeout Codex runs a hook with: it clamps
// SessionEnd hooks to 3 s, and the trust hash covers the clamped value.
func codexTimeout(t int, event string) int {
	if event == "SessionEnd" && (t <= 0 || t > 3) {
		return 3
	}
	if t <= 0 {
		return 600
	}
	return t
}

func (p Places) codexHome() string {
	if p.CodexHome != "" {
		return p.CodexHome
	}
	return filepath.Join(p.Home, ".codex")
}

func userProject(host, dir, file string) func(Scope, Places) (string, error) {
	return func(s Scope, p Places) (string, error) {
		switch s {
		case User:
			return filepath.Join(p.Home, dir, file), nil
		case Project:
			return filepath.Join(p.Dir, dir, file), nil
		}
		return "", badScope(host, s)
	}
}

func badScope(host string, s Scope) error {
	return fmt.Errorf("hookconf: %s has no %q scope (use user or project)", host, s)
}

// claudeEntry renders Claude Code's command entry; exec allows the exec
// form and the status message, which other hosts do not read.
func claudeEntry(exec bool) func(Hook, string) json.RawMessage {
	return func(h Hook, event string) json.RawMessage {
		kv := []any{"type", "command"}
		if exec && h.Exec {
			kv = append(kv, "command", h.Command)
			if len(h.Args) > 0 {
				kv = append(kv, "args", h.Args)
			}
		} else {
			kv = append(kv, "command", h.Shell())
		}
		if h.Timeout > 0 {
			kv = append(kv, "timeout", h.Timeout)
		}
		if exec && h.StatusMessage != "" && (event == "Stop" || event == "SubagentStop") {
			kv = append(kv, "statusMessage", h.StatusMessage)
		}
		if exec && event == "StopFailure" {
			// Claude Code resends the failed request when an async hook
			// with asyncRewake exits 2; a synchronous one is killed when
			// claude -p exits.
			kv = append(kv, "async", true, "asyncRewake", true)
		}
		return entryObject(kv...)
	}
}

// entryObject renders key, value pairs as an ordered JSON object; a zero
// number is left out.
func entryObject(kv ...any) json.RawMessage {
	o := newObject()
	for i := 0; i+1 < len(kv); i += 2 {
		if n, ok := kv[i+1].(int); ok && n == 0 {
			continue
		}
		o.set(kv[i].(string), mustRaw(kv[i+1]))
	}
	b, _ := o.MarshalJSON()
	return b
}

// splitEvents parses a comma-separated event list.
func splitEvents(list string) []string {
	var out []string
	for _, e := range strings.Split(list, ",") {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, e)
		}
	}
	return out
}
