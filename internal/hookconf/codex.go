package hookconf

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
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
	group := map[string]any{
		"event_name": codexSnake[event],
		"hooks": []map[string]any{{
			"async": false, "command": h.Shell(), "timeout": codexTimeout(h.Timeout, event), "type": "command",
		}},
	}
	b, _ := marshal(group) // maps marshal with sorted keys
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// CodexTrust returns Codex's config.toml with the trust entries of h: one
// [hooks.state."<hooksPath>:<event>:<group>:<index>"] table per event of
// hooksJSON where h is found, holding its trusted_hash. Without them Codex
// skips user hooks silently. Stale entries of h (same hash, any position)
// are dropped first; with remove nothing is added. Other lines are kept.
func CodexTrust(config []byte, hooksPath string, hooksJSON []byte, h Hook, events []string, remove bool) ([]byte, error) {
	hashes := map[string]string{} // trust key prefix → hash
	for _, ev := range events {
		if s, ok := codexSnake[ev]; ok {
			hashes[hooksPath+":"+s+":"] = CodexHash(h, ev)
		}
	}
	blocks := tomlBlocks(string(config))
	var out []string
	for _, b := range blocks {
		if key, ok := trustKey(b.header); ok {
			drop := false
			for prefix, hash := range hashes {
				if strings.HasPrefix(key, prefix) && strings.Contains(b.body, strconv.Quote(hash)) {
					drop = true
				}
			}
			if drop {
				continue
			}
		}
		out = append(out, b.header+b.body)
	}
	text := strings.Join(out, "")
	if !remove {
		found, err := Entries(hooksJSON, Hosts["codex"])
		if err != nil {
			return nil, err
		}
		for _, ev := range events {
			for _, f := range found {
				if f.Event != ev || !h.same(f.Command, f.Args) {
					continue
				}
				key := hooksPath + ":" + codexSnake[ev] + ":" + strconv.Itoa(f.Group) + ":" + strconv.Itoa(f.Index)
				if text != "" && !strings.HasSuffix(text, "\n") {
					text += "\n"
				}
				if text != "" && !strings.HasSuffix(text, "\n\n") {
					text += "\n"
				}
				text += "[hooks.state." + tomlString(key) + "]\ntrusted_hash = " + strconv.Quote(CodexHash(h, ev)) + "\n"
				break
			}
		}
	}
	return []byte(text), nil
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
