package hookconf

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"
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
		"event_name": snake(event),
		"hooks": []map[string]any{{
			"async": false, "command": command, "timeout": timeout, "type": "command",
		}},
	}
	b, _ := marshal(group) // maps marshal with sorted keys
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// codexPos is one hook entry of a Codex hooks.json and its trust key.
type codexPos struct {
	key, event string
	ours       bool
	hash       string // what Codex trusts, for our entries
	same       string // the entry as written, to find it again elsewhere
}

// codexPositions lists every hook entry of a Codex hooks.json with its
// trust key "<hooksPath>:<event>:<group>:<index>"; ours marks the entries
// of h on events.
func codexPositions(hooksPath string, doc []byte, h Hook, events []string) ([]codexPos, error) {
	found, err := Entries(doc, Hosts["codex"])
	if err != nil {
		return nil, err
	}
	var out []codexPos
	for _, f := range found {
		ev := snake(f.Event)
		p := codexPos{
			key:   hooksPath + ":" + ev + ":" + strconv.Itoa(f.Group) + ":" + strconv.Itoa(f.Index),
			event: f.Event,
			ours:  slices.Contains(events, f.Event) && h.same(f.Command, f.Args),
			same:  f.Event + "\x00" + string(compact(f.Raw)),
		}
		if p.ours {
			var e struct {
				Timeout int `json:"timeout"`
			}
			json.Unmarshal(f.Raw, &e)
			p.hash = codexHash(f.Command, codexTimeout(e.Timeout, f.Event), f.Event)
		}
		out = append(out, p)
	}
	return out, nil
}

// snake turns an event name into Codex's: SessionStart → session_start.
func snake(event string) string {
	if s, ok := codexSnake[event]; ok {
		return s
	}
	var b strings.Builder
	for i, r := range event {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

func compact(raw []byte) []byte {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return raw
	}
	return b.Bytes()
}

// CodexTrust returns Codex's config.toml with the trust entries of h: one
// hooks.state."<hooksPath>:<event>:<group>:<index>" entry per entry of h
// in after (the new hooks.json), holding its trusted_hash. Without them
// Codex skips user hooks silently.
//
// Trust keys are positions, so an edit that removes or adds a group moves
// the user's other hooks: their trust entries are re-keyed to where the
// same entry is now (matched by event and content, in order), so Codex
// keeps trusting them. Entries of h in before are dropped. An entry is
// recognised in every form TOML allows (a [hooks.state."K"] table with
// any quoting, spacing or comment, dotted keys, inline tables); new ones
// go into the inline table that holds hooks.state when there is one, else
// as tables at the end. Everything else keeps its bytes, and the result is
// parsed again before it is returned: on any doubt an error, never a file
// Codex cannot load.
func CodexTrust(config []byte, hooksPath string, before, after []byte, h Hook, events []string) ([]byte, error) {
	old, err := codexPositions(hooksPath, before, h, events)
	if err != nil {
		return nil, err
	}
	cur, err := codexPositions(hooksPath, after, h, events)
	if err != nil {
		return nil, err
	}
	doc, err := parseTrust(config)
	if err != nil {
		return nil, err
	}
	have := trustHashes(config)
	plan := trustPlan{rename: map[string]string{}, remove: map[string]bool{}}
	// The user's entries: the n-th old one with the same content is the
	// n-th new one.
	queue := map[string][]string{}
	for _, p := range cur {
		if !p.ours {
			queue[p.same] = append(queue[p.same], p.key)
		}
	}
	taken := map[string]bool{} // keys that end up holding a moved or kept entry
	for _, p := range old {
		if p.ours {
			continue
		}
		if q := queue[p.same]; len(q) > 0 {
			queue[p.same] = q[1:]
			plan.rename[p.key] = q[0]
			taken[q[0]] = true
		} else {
			plan.remove[p.key] = true // gone from hooks.json
		}
	}
	want := map[string]string{}
	for _, p := range cur {
		if p.ours {
			want[p.key] = p.hash
			taken[p.key] = true
		}
	}
	for _, p := range old {
		if p.ours {
			plan.remove[p.key] = true
		}
	}
	for _, k := range doc.order {
		_, moving := plan.rename[k]
		switch {
		case moving:
			delete(plan.remove, k)
		case want[k] != "" && have[k] == want[k]:
			delete(plan.remove, k) // already trusted
			delete(want, k)
		case taken[k]:
			plan.remove[k] = true // stale: something else goes there
		}
	}
	for k := range plan.remove {
		if _, ok := doc.entries[k]; !ok {
			delete(plan.remove, k)
		}
	}
	for k, to := range plan.rename {
		if _, ok := doc.entries[k]; !ok || to == k {
			delete(plan.rename, k)
		}
	}
	for _, p := range cur {
		if h, ok := want[p.key]; ok && p.ours {
			plan.add = append(plan.add, trustAdd{p.key, h})
		}
	}
	slices.SortStableFunc(plan.add, func(a, b trustAdd) int { return eventOrder(a.key, events) - eventOrder(b.key, events) })
	if len(plan.rename) == 0 && len(plan.remove) == 0 && len(plan.add) == 0 {
		return config, nil
	}
	out, err := doc.apply(plan)
	if err == nil {
		err = checkTrust(out, plan, cur, have)
	}
	if err != nil {
		var b strings.Builder
		for _, a := range plan.add {
			fmt.Fprintf(&b, "\n  [hooks.state.%s]\n  trusted_hash = %s", tomlString(a.key), tomlString(a.hash))
		}
		return nil, fmt.Errorf("config.toml: cannot place the trust entries safely (%v); nothing written. Codex skips untrusted hooks: trust them with /hooks in Codex, or add by hand:%s", err, b.String())
	}
	return out, nil
}

// checkTrust parses the edited config.toml and checks that it holds what
// the plan meant: the new entries, the moved ones, none of the removed.
func checkTrust(out []byte, p trustPlan, cur []codexPos, had map[string]string) error {
	if err := toml.Unmarshal(out, new(map[string]any)); err != nil {
		return tomlError(err)
	}
	got := trustHashes(out)
	for _, a := range p.add {
		if got[a.key] != a.hash {
			return fmt.Errorf("%s not trusted after the edit", a.key)
		}
	}
	for from, to := range p.rename {
		if got[to] != had[from] {
			return fmt.Errorf("%s not moved to %s", from, to)
		}
	}
	for k := range p.remove {
		if _, still := got[k]; still && !slices.ContainsFunc(cur, func(c codexPos) bool { return c.key == k }) {
			return fmt.Errorf("%s not removed", k)
		}
	}
	return nil
}

// eventOrder ranks a trust key by its event's place in events.
func eventOrder(key string, events []string) int {
	for i, ev := range events {
		if strings.Contains(key, ":"+snake(ev)+":") {
			return i
		}
	}
	return len(events)
}
