package hookconf

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Change is one edit of a settings file.
type Change struct {
	Host   *Host
	Events []string // the host's event names
	Hook   Hook
	Remove bool // remove the hook instead of adding it
}

// Events resolves a list of event names (Claude Code's names or the
// host's own; empty means the host's defaults) into the host's names.
// Events the host does not have are returned in skipped.
func (h *Host) Events(names []string) (events, skipped []string) {
	if len(names) == 0 {
		names = h.DefaultEvents
	}
	seen := map[string]bool{}
	for _, n := range names {
		e, ok := h.Event(n)
		if !ok {
			skipped = append(skipped, n)
			continue
		}
		if !seen[e] {
			seen[e] = true
			events = append(events, e)
		}
	}
	return events, skipped
}

// ParseEvents splits a comma-separated list such as "Stop,SessionStart".
func ParseEvents(list string) []string { return splitEvents(list) }

// Apply returns doc with c applied. The hook is added once per event
// (an existing entry of the same hook is replaced in place, and any
// duplicate dropped) or removed from each event. Everything else in doc is
// kept; the result is indented like doc. A doc that changes nothing comes
// back with the same bytes.
func Apply(doc []byte, c Change) ([]byte, error) {
	root, err := parseObject(doc)
	if err != nil {
		return nil, fmt.Errorf("hookconf: %w", err)
	}
	hooks := newObject()
	if raw, ok := root.get("hooks"); ok && !isNull(raw) {
		if hooks, err = parseObject(raw); err != nil {
			return nil, fmt.Errorf("hookconf: \"hooks\": %w", err)
		}
	}
	changed := false
	for _, ev := range c.Events {
		var arr []json.RawMessage
		if raw, ok := hooks.get(ev); ok && !isNull(raw) {
			if err := json.Unmarshal(raw, &arr); err != nil {
				return nil, fmt.Errorf("hookconf: hooks.%s: not an array: %w", ev, err)
			}
		}
		ours := c.Host.entry(c.Hook, ev)
		var out []json.RawMessage
		var evChanged bool
		if c.Host.grouped {
			out, evChanged, err = editGroups(arr, c, ours, groupMatcher(c.Host, ev))
		} else {
			out, evChanged, err = editEntries(arr, c, ours)
		}
		if err != nil {
			return nil, fmt.Errorf("hookconf: hooks.%s: %w", ev, err)
		}
		if !evChanged {
			continue
		}
		changed = true
		if len(out) == 0 {
			hooks.del(ev)
		} else {
			hooks.set(ev, mustRaw(out))
		}
	}
	if !changed {
		return doc, nil
	}
	if hooks.len() == 0 {
		root.del("hooks")
	} else {
		hb, _ := hooks.MarshalJSON()
		root.set("hooks", hb)
	}
	if !c.Host.grouped && !c.Remove {
		if _, ok := root.get("version"); !ok {
			// The version key goes first, as the hosts' docs show it.
			root.keys = append([]string{"version"}, root.keys...)
			root.vals["version"] = json.RawMessage("1")
		}
	}
	return format(root, doc)
}

// editGroups edits Claude Code's shape: [{"matcher":…,"hooks":[entry…]}…].
func editGroups(groups []json.RawMessage, c Change, ours json.RawMessage, matcher string) ([]json.RawMessage, bool, error) {
	var out []json.RawMessage
	placed, changed := false, false
	for _, g := range groups {
		obj, err := parseObject(g)
		if err != nil {
			out = append(out, g) // not ours to judge
			continue
		}
		var entries []json.RawMessage
		if raw, ok := obj.get("hooks"); ok {
			if json.Unmarshal(raw, &entries) != nil {
				out = append(out, g)
				continue
			}
		}
		var kept []json.RawMessage
		gChanged := false
		for _, e := range entries {
			if !c.Hook.same(identity(e, c.Host.cmdKey)) {
				kept = append(kept, e)
				continue
			}
			if !c.Remove && !placed {
				placed = true
				if !jsonEqual(e, ours) {
					gChanged = true
				}
				kept = append(kept, ours)
				continue
			}
			gChanged = true
		}
		if !gChanged {
			out = append(out, g)
			continue
		}
		changed = true
		if len(kept) == 0 {
			continue
		}
		obj.set("hooks", mustRaw(kept))
		b, _ := obj.MarshalJSON()
		out = append(out, b)
	}
	if !c.Remove && !placed {
		changed = true
		g := newObject()
		if matcher != "" {
			g.set("matcher", mustRaw(matcher))
		}
		g.set("hooks", mustRaw([]json.RawMessage{ours}))
		b, _ := g.MarshalJSON()
		out = append(out, b)
	}
	return out, changed, nil
}

// stopFailureMatcher limits a StopFailure hook to the API errors that go
// away by waiting.
const stopFailureMatcher = "rate_limit|server_error"

// groupMatcher is the matcher of the group a new entry for event goes in.
func groupMatcher(h *Host, event string) string {
	if h.asyncStopFailure && event == "StopFailure" {
		return stopFailureMatcher
	}
	return ""
}

// editEntries edits the flat shape: [entry…] (Copilot, Cursor).
func editEntries(entries []json.RawMessage, c Change, ours json.RawMessage) ([]json.RawMessage, bool, error) {
	var out []json.RawMessage
	placed, changed := false, false
	for _, e := range entries {
		if !c.Hook.same(identity(e, c.Host.cmdKey)) {
			out = append(out, e)
			continue
		}
		if !c.Remove && !placed {
			placed = true
			if !jsonEqual(e, ours) {
				changed = true
			}
			out = append(out, ours)
			continue
		}
		changed = true
	}
	if !c.Remove && !placed {
		changed = true
		out = append(out, ours)
	}
	return out, changed, nil
}

// identity returns the program and arguments of a hook entry.
func identity(entry json.RawMessage, cmdKey string) (string, []string) {
	var e map[string]json.RawMessage
	if json.Unmarshal(entry, &e) != nil {
		return "", nil
	}
	var cmd string
	if json.Unmarshal(e[cmdKey], &cmd) != nil || cmd == "" {
		// Copilot also reads Claude-format files.
		if json.Unmarshal(e["command"], &cmd) != nil {
			return "", nil
		}
	}
	var args []string
	if raw, ok := e["args"]; ok {
		json.Unmarshal(raw, &args)
	}
	return cmd, args
}

func isNull(raw json.RawMessage) bool { return bytes.Equal(bytes.TrimSpace(raw), []byte("null")) }

func jsonEqual(a, b json.RawMessage) bool {
	var ca, cb bytes.Buffer
	if json.Compact(&ca, a) != nil || json.Compact(&cb, b) != nil {
		return false
	}
	return bytes.Equal(ca.Bytes(), cb.Bytes())
}

// Entries lists the hook entries of every event in doc as event, program
// and arguments, in file order, for any host's shape.
func Entries(doc []byte, host *Host) ([]Found, error) {
	root, err := parseObject(doc)
	if err != nil {
		return nil, fmt.Errorf("hookconf: %w", err)
	}
	raw, ok := root.get("hooks")
	if !ok || isNull(raw) {
		return nil, nil
	}
	hooks, err := parseObject(raw)
	if err != nil {
		return nil, fmt.Errorf("hookconf: \"hooks\": %w", err)
	}
	var out []Found
	for _, ev := range hooks.keys {
		var arr []json.RawMessage
		if json.Unmarshal(hooks.vals[ev], &arr) != nil {
			continue
		}
		for gi, g := range arr {
			entries := []json.RawMessage{g}
			if host.grouped {
				var grp struct {
					Hooks []json.RawMessage `json:"hooks"`
				}
				if json.Unmarshal(g, &grp) != nil {
					continue
				}
				entries = grp.Hooks
			}
			for hi, e := range entries {
				cmd, args := identity(e, host.cmdKey)
				if cmd == "" {
					continue
				}
				out = append(out, Found{Event: ev, Group: gi, Index: hi, Command: cmd, Args: args, Raw: e})
			}
		}
	}
	return out, nil
}

// Found is one hook entry of a settings file.
type Found struct {
	Event        string
	Group, Index int // position: group in the event's list, entry in the group
	Command      string
	Args         []string
	Raw          json.RawMessage
}
