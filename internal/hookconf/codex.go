package hookconf

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// codexSnake is the event name Codex uses in trust keys and hashes.
var codexSnake = map[string]string{
	"Stop": "stop", "SessionStart": "session_start", "UserPromptSubmit": "user_prompt_submit",
	"SessionEnd": "session_end", "SubagentStop": "subagent_stop",
}

// CodexHash returns the trusted_hash Codex expects for a matcher group
// holding only h on event: "sha256:" and the hex SHA-256 of the compact,
// key-sorted JSON of {"event_name","hooks":[{"async","command","timeout","type"}]}.
func CodexHash(h Hook, event string) string {
	return codexHash(h.Shell(), codexTimeout(h.Timeout, event), event)
}

func codexHash(command string, timeout int, event string) string {
	group := map[string]any{
		"event_name": codexSnake[event],
		"hooks": []map[string]any{{
			"async": false, "command": command, "timeout": timeout, "type": "command",
		}},
	}
	b, _ := marshal(group) // maps marshal with sorted keys
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// codexEntries returns, per event, the trust key and hash of every entry
// of h in a Codex hooks.json.
func codexEntries(hooksPath string, doc []byte, h Hook, events []string) (map[string]string, error) {
	found, err := Entries(doc, Hosts["codex"])
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, f := range found {
		if !slices.Contains(events, f.Event) || !h.same(f.Command, f.Args) {
			continue
		}
		var e struct {
			Timeout int `json:"timeout"`
		}
		json.Unmarshal(f.Raw, &e)
		key := hooksPath + ":" + codexSnake[f.Event] + ":" + strconv.Itoa(f.Group) + ":" + strconv.Itoa(f.Index)
		out[key] = codexHash(f.Command, codexTimeout(e.Timeout, f.Event), f.Event)
	}
	return out, nil
}

// CodexTrust returns Codex's config.toml with the trust entries of h: one
// [hooks.state."<hooksPath>:<event>:<group>:<index>"] table per entry of h
// in after (the new hooks.json), holding its trusted_hash. Without them
// Codex skips user hooks silently. Trust entries of h in before (the old
// hooks.json) are dropped first, so a removed or moved hook leaves none
// behind. Other lines are kept.
func CodexTrust(config []byte, hooksPath string, before, after []byte, h Hook, events []string) ([]byte, error) {
	old, err := codexEntries(hooksPath, before, h, events)
	if err != nil {
		return nil, err
	}
	cur, err := codexEntries(hooksPath, after, h, events)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, b := range tomlBlocks(string(config)) {
		if key, ok := trustKey(b.header); ok {
			_, stale := old[key]
			_, fresh := cur[key]
			if stale || fresh {
				continue
			}
		}
		out = append(out, b.header+b.body)
	}
	text := strings.Join(out, "")
	keys := make([]string, 0, len(cur))
	for k := range cur {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return eventOrder(a, events) - eventOrder(b, events) })
	for _, key := range keys {
		if text != "" && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		if text != "" && !strings.HasSuffix(text, "\n\n") {
			text += "\n"
		}
		text += "[hooks.state." + tomlString(key) + "]\ntrusted_hash = " + strconv.Quote(cur[key]) + "\n"
	}
	return []byte(text), nil
}

// eventOrder ranks a trust key by its event's place in events.
func eventOrder(key string, events []string) int {
	for i, ev := range events {
		if strings.Contains(key, ":"+codexSnake[ev]+":") {
			return i
		}
	}
	return len(events)
}

type tomlBlock struct{ header, body string }

// tomlBlocks splits TOML text into a preamble and one block per table
// header line (the header with the lines up to the next header).
func tomlBlocks(text string) []tomlBlock {
	var blocks []tomlBlock
	cur := tomlBlock{}
	for _, line := range strings.SplitAfter(text, "\n") {
		if line == "" {
			continue
		}
		if strings.HasPrefix(strings.TrimSpace(line), "[") {
			if cur.header != "" || cur.body != "" {
				blocks = append(blocks, cur)
			}
			cur = tomlBlock{header: line}
			continue
		}
		cur.body += line
	}
	if cur.header != "" || cur.body != "" {
		blocks = append(blocks, cur)
	}
	return blocks
}

// trustKey returns KEY of a `[hooks.state."KEY"]` header.
func trustKey(header string) (string, bool) {
	h := strings.TrimSpace(header)
	const pre = `[hooks.state.`
	if !strings.HasPrefix(h, pre) || !strings.HasSuffix(h, "]") {
		return "", false
	}
	var key string
	if json.Unmarshal([]byte(h[len(pre):len(h)-1]), &key) != nil {
		return "", false
	}
	return key, true
}

// tomlString quotes s as a TOML basic string (JSON's escapes are valid
// there).
func tomlString(s string) string {
	b, _ := marshal(s)
	return string(b)
}
