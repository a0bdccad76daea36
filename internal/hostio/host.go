package hostio

import (
	"bytes"
	"strings"
	"unsafe"

	"github.com/tidwall/gjson"

	"github.com/stophook/stophook/internal/jsonscan"
)

// Host names, as returned by [Detect] and accepted by [Normalize] and
// [Encode].
const (
	Claude  = "claude"
	Codex   = "codex"
	Gemini  = "gemini"
	Qwen    = "qwen"
	Copilot = "copilot"
	Droid   = "droid"
	Cursor  = "cursor"
)

// Hosts lists every host name, Claude Code first.
var Hosts = []string{Claude, Codex, Gemini, Qwen, Copilot, Droid, Cursor}

// Known reports whether host is one of [Hosts].
func Known(host string) bool {
	switch host {
	case Claude, Codex, Gemini, Qwen, Copilot, Droid, Cursor:
		return true
	}
	return false
}

// HasBlockCap reports whether host itself stops honouring blocks after a
// number of consecutive continuations: Claude Code, Qwen Code and Copilot
// CLI after 8, Cursor after the hook's loop_limit. Codex, Gemini CLI and
// droid have no cap, and neither has an unknown host: there the library's
// per-turn budget is the only brake.
func HasBlockCap(host string) bool {
	switch host {
	case Claude, Qwen, Copilot, Cursor:
		return true
	}
	return false
}

// features are the top-level keys of an input that name its host.
type features struct {
	cursor, copilotNative, gemini, codex, droid, qwen, copilotClaude bool
	timestamp, hasPath                                               bool
	event, path                                                      string
}

// Detect returns the host that sent raw, a hook input. It looks at the
// input's fields first (Cursor's conversation_id, Copilot's camelCase
// sessionId, Gemini's prompt_response or event names, Codex's turn_id,
// droid's message_id, Qwen's context_limit, Copilot's stop_reason or a
// timestamp without transcript path), then
// at the transcript path (~/.codex/sessions, ~/.gemini, ~/.qwen/projects,
// ~/.copilot/session-state, ~/.factory/sessions, ~/.cursor). Anything else,
// malformed input included, is [Claude].
func Detect(raw []byte) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return Claude
	}
	// Read raw in place: nothing read from it outlives this call, and raw
	// is not changed while it runs.
	f, ok := scanFeatures(unsafe.String(&raw[0], len(raw)))
	if !ok {
		f = gjsonFeatures(unsafe.String(&raw[0], len(raw)))
	}
	return f.host()
}

// scanFeatures reads the features of a payload in one pass without
// allocating; ok is false when the payload is not a valid JSON object, or
// holds an escape in a key or in a string it reads, or anything after the
// object: gjsonFeatures then
// reads it as gjson does (FuzzDetect holds the two to the same features).
func scanFeatures(raw string) (f features, ok bool) {
	var fs Features
	ok = jsonscan.Plain(raw, fs.Add)
	return fs.f, ok
}

// Features names the host of a payload from its top-level members, told
// one by one by a caller that reads the payload in its own pass (package
// hook, as it decodes the input): Host then returns what [Detect] would.
// The zero value has seen no member.
type Features struct{ f features }

// Add records a top-level member of the payload: key as written between
// its quotes (a key with escapes must not be given: Detect reads such a
// payload otherwise) and value as written. It reports false when the
// member is one Detect reads unescaped (a feature string holding an
// escape): ask Detect then.
func (fs *Features) Add(key, value string) bool {
	if len(key) >= 64 || featureLens&(1<<len(key)) == 0 {
		return true // most keys: not a feature, found without comparing
	}
	switch key {
	case "hook_event_name", "transcript_path":
		if len(value) > 0 && value[0] == '"' && strings.IndexByte(value, '\\') >= 0 {
			return false // gjson would unescape it
		}
	}
	fs.f.add(key, value)
	return true
}

// Host names the host of the members added.
func (fs *Features) Host() string { return fs.f.host() }

// featureKeys are the keys addValue knows (TestFeatureKeys checks it).
var featureKeys = [...]string{"conversation_id", "generation_id", "workspace_roots", "cursor_version", "loop_count",
	"sessionId", "transcriptPath", "stopReason", "initialPrompt", "prompt_response", "turn_id", "message_id",
	"tool_execution_count", "context_limit", "context_usage", "stop_reason", "initial_prompt", "timestamp",
	"hook_event_name", "transcript_path"}

// featureLens has bit n set when a key of featureKeys is n bytes long.
var featureLens = func() (m uint64) {
	for _, k := range featureKeys {
		m |= 1 << len(k)
	}
	return m
}()

// gjsonFeatures reads the features of any payload, well-formed or not,
// with gjson.
func gjsonFeatures(raw string) (f features) {
	gjson.Parse(raw).ForEach(func(k, v gjson.Result) bool {
		f.addValue(k.Str, v.Str)
		return true
	})
	return f
}

// add records a member with key k and raw JSON value v.
func (f *features) add(k, v string) {
	str := ""
	if len(v) >= 2 && v[0] == '"' {
		str = v[1 : len(v)-1]
	}
	f.addValue(k, str)
}

// addValue records a member with key k whose value, when a string, is str
// ("" otherwise).
func (f *features) addValue(k, str string) {
	switch k {
	case "conversation_id", "generation_id", "workspace_roots", "cursor_version", "loop_count":
		f.cursor = true
	case "sessionId", "transcriptPath", "stopReason", "initialPrompt":
		f.copilotNative = true
	case "prompt_response":
		f.gemini = true
	case "turn_id":
		f.codex = true
	case "message_id", "tool_execution_count":
		f.droid = true
	case "context_limit", "context_usage":
		f.qwen = true
	case "stop_reason", "initial_prompt":
		f.copilotClaude = true
	case "timestamp":
		f.timestamp = true
	case "hook_event_name":
		f.event = str
	case "transcript_path":
		f.path, f.hasPath = str, true
	}
}

// host names the host of an input with features f.
func (f features) host() string {
	other := !ownEvent(f.event) // the event tables are read only for other names
	switch {
	case f.cursor:
		return Cursor
	case f.copilotNative:
		return Copilot
	case f.gemini, other && geminiEvents[f.event] != "":
		return Gemini
	case f.codex:
		return Codex
	case f.droid:
		return Droid
	case f.qwen:
		return Qwen
	case f.copilotClaude, f.timestamp && !f.hasPath:
		// Copilot's Claude-format inputs other than Stop carry a
		// timestamp but no transcript path; every other host that
		// sends a timestamp sends the path too.
		return Copilot
	case other && cursorEvents[f.event] != "" && copilotEvents[f.event] == "":
		return Cursor
	case other && copilotEvents[f.event] != "":
		return Copilot
	}
	return hostOfPath(f.path)
}

// ownEvent reports an event name that is none of the keys of the other
// hosts' event tables (TestOwnEvents): no event at all, or one of Claude
// Code's stop and lifecycle events, which every Claude Code input names.
// It spares those inputs three map look-ups.
func ownEvent(event string) bool {
	switch event {
	case "", EventStop, EventSubagentStop, EventSessionStart, EventSessionEnd, EventUserPromptSubmit:
		return true
	}
	return false
}

// hostOfPath names the host whose data directory holds a transcript: no
// path names none, and is Claude Code's without a look.
func hostOfPath(p string) string {
	if p == "" {
		return Claude
	}
	p = strings.ReplaceAll(p, `\`, "/")
	switch {
	case strings.Contains(p, "/.copilot/"), strings.HasSuffix(p, "/events.jsonl"):
		return Copilot
	case strings.Contains(p, "/.codex/"), strings.Contains(p, "/rollout-"):
		return Codex
	case strings.Contains(p, "/.gemini/"):
		return Gemini
	case strings.Contains(p, "/.qwen/"):
		return Qwen
	case strings.Contains(p, "/.factory/"):
		return Droid
	case strings.Contains(p, "/.cursor/"):
		return Cursor
	}
	return Claude
}
