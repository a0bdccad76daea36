package hookconf

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/tailscale/hujson"
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
// and matcher (an existing entry of the same hook is replaced in place,
// and a duplicate under the same matcher dropped; the same hook under a
// second matcher is a deliberate choice and stays) or removed from each
// event. doc may be JSON or JSONC (comments, trailing commas) with or
// without a byte-order mark; only the nodes the change adds, replaces or
// removes are written, so comments, spacing and every other value keep
// their bytes, and new nodes are indented like their neighbours. A doc
// that changes nothing comes back with the same bytes; a removal right
// after an addition gives back the bytes before it.
func Apply(doc []byte, c Change) ([]byte, error) {
	d, err := parseDoc(doc)
	if err != nil {
		return nil, fmt.Errorf("hookconf: %w", err)
	}
	root := d.root.Value.(*hujson.Object)
	rootML := d.blank || len(root.Members) == 0 || bytes.IndexByte(packTrimmed(d.root), '\n') >= 0
	hi := lastMember(root, "hooks")
	if hi >= 0 && !isNullValue(root.Members[hi].Value) {
		if _, ok := root.Members[hi].Value.Value.(*hujson.Object); !ok {
			return nil, fmt.Errorf("hookconf: %w", d.errAt(root.Members[hi].Value.StartOffset, `"hooks" is not an object`))
		}
	}
	changed := false
	for _, ev := range c.Events {
		ours := c.Host.entry(c.Hook, ev)
		hi = lastMember(root, "hooks")
		if hi < 0 || isNullValue(root.Members[hi].Value) {
			if c.Remove {
				continue
			}
			if hi < 0 {
				d.addMember(root, "", rootML, "hooks", json.RawMessage("{}"))
				hi = len(root.Members) - 1
			} else {
				root.Members[hi].Value.Value = &hujson.Object{}
			}
		}
		hooksIndent := lineIndent(root.Members[hi].Name.BeforeExtra, "")
		hooksML := rootML
		hooks := root.Members[hi].Value.Value.(*hujson.Object)
		if len(hooks.Members) > 0 {
			hooksML = bytes.IndexByte(packTrimmed(root.Members[hi].Value), '\n') >= 0
		}
		ei := lastMember(hooks, ev)
		if ei >= 0 && !isNullValue(hooks.Members[ei].Value) {
			if _, ok := hooks.Members[ei].Value.Value.(*hujson.Array); !ok {
				return nil, fmt.Errorf("hookconf: %w", d.errAt(hooks.Members[ei].Value.StartOffset, "hooks.%s is not an array", ev))
			}
		} else {
			if c.Remove {
				continue
			}
			if ei < 0 {
				d.addMember(hooks, hooksIndent, hooksML, ev, json.RawMessage("[]"))
				ei = len(hooks.Members) - 1
			} else {
				hooks.Members[ei].Value.Value = &hujson.Array{}
			}
		}
		m := &hooks.Members[ei]
		arr := m.Value.Value.(*hujson.Array)
		evIndent := lineIndent(m.Name.BeforeExtra, hooksIndent)
		evML := hooksML
		if len(arr.Elements) > 0 {
			evML = bytes.IndexByte(packTrimmed(m.Value), '\n') >= 0
		}
		var evChanged bool
		if c.Host.grouped {
			evChanged = d.editGroups(arr, evIndent, evML, c, ours, groupMatcher(c.Host, ev))
		} else {
			evChanged = d.editEntries(arr, evIndent, evML, c, ours)
		}
		changed = changed || evChanged
		if evChanged && len(arr.Elements) == 0 {
			removeMember(hooks, ei)
			if len(hooks.Members) == 0 {
				removeMember(root, hi)
			}
		}
	}
	if !changed {
		return doc, nil
	}
	if !c.Host.grouped && !c.Remove && lastMember(root, "version") < 0 {
		// The version key goes first, as the hosts' docs show it.
		d.addMember(root, "", rootML, "version", json.RawMessage("1"))
		n := len(root.Members) - 1
		v := root.Members[n]
		v.Name.BeforeExtra, root.Members[0].Name.BeforeExtra = root.Members[0].Name.BeforeExtra, v.Name.BeforeExtra
		root.Members = append([]hujson.ObjectMember{v}, root.Members[:n]...)
		if n := len(root.Members); n > 1 && root.Members[0].Value.AfterExtra != nil && root.Members[n-1].Value.AfterExtra == nil {
			root.Members[n-1].Value.AfterExtra, root.Members[0].Value.AfterExtra = root.Members[0].Value.AfterExtra, nil
		}
	}
	out := d.pack()
	if _, err := standardize(out); err != nil {
		return nil, fmt.Errorf("hookconf: the edited file does not parse (%v); nothing written", err)
	}
	return out, nil
}

// editGroups edits Claude Code's shape: [{"matcher":…,"hooks":[entry…]}…].
// Our hook is kept once per matcher.
func (d *jdoc) editGroups(arr *hujson.Array, indent string, ml bool, c Change, ours json.RawMessage, matcher string) bool {
	placed := map[string]bool{}
	changed := false
	var emptied []int
	for gi := range arr.Elements {
		g := &arr.Elements[gi]
		obj, ok := g.Value.(*hujson.Object)
		if !ok {
			continue // not ours to judge
		}
		gIndent := lineIndent(g.BeforeExtra, indent)
		hi := lastMember(obj, "hooks")
		if hi < 0 {
			continue
		}
		entries, ok := obj.Members[hi].Value.Value.(*hujson.Array)
		if !ok {
			continue
		}
		m := matcherOf(obj)
		eIndent := lineIndent(obj.Members[hi].Name.BeforeExtra, gIndent)
		var drop []int
		for ei := range entries.Elements {
			e := &entries.Elements[ei]
			if !c.Hook.same(identity(std(*e), c.Host.cmdKey)) {
				continue
			}
			if !c.Remove && !placed[m] {
				placed[m] = true
				if !jsonEqual(std(*e), ours) {
					d.replace(e, lineIndent(e.BeforeExtra, eIndent), ours)
					changed = true
				}
				continue
			}
			drop = append(drop, ei)
		}
		for k := len(drop) - 1; k >= 0; k-- {
			removeElement(entries, drop[k])
			changed = true
		}
		if len(drop) > 0 && len(entries.Elements) == 0 {
			emptied = append(emptied, gi)
		}
	}
	for k := len(emptied) - 1; k >= 0; k-- {
		removeElement(arr, emptied[k])
	}
	if !c.Remove && len(placed) == 0 {
		g := newObject()
		if matcher != "" {
			g.set("matcher", mustRaw(matcher))
		}
		g.set("hooks", mustRaw([]json.RawMessage{ours}))
		b, _ := g.MarshalJSON()
		d.addElement(arr, indent, ml, b)
		changed = true
	}
	return changed
}

// matcherOf returns a group's matcher; none matches everything, like "".
func matcherOf(group *hujson.Object) string {
	i := lastMember(group, "matcher")
	if i < 0 {
		return ""
	}
	var m string
	if json.Unmarshal(std(group.Members[i].Value), &m) != nil {
		return string(std(group.Members[i].Value)) // not a string: compare as written
	}
	return m
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
func (d *jdoc) editEntries(arr *hujson.Array, indent string, ml bool, c Change, ours json.RawMessage) bool {
	placed, changed := false, false
	var drop []int
	for i := range arr.Elements {
		e := &arr.Elements[i]
		if !c.Hook.same(identity(std(*e), c.Host.cmdKey)) {
			continue
		}
		if !c.Remove && !placed {
			placed = true
			if !jsonEqual(std(*e), ours) {
				d.replace(e, lineIndent(e.BeforeExtra, indent), ours)
				changed = true
			}
			continue
		}
		drop = append(drop, i)
	}
	for k := len(drop) - 1; k >= 0; k-- {
		removeElement(arr, drop[k])
		changed = true
	}
	if !c.Remove && !placed {
		d.addElement(arr, indent, ml, ours)
		changed = true
	}
	return changed
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
	doc, err := standardize(doc)
	if err != nil {
		return nil, fmt.Errorf("hookconf: %w", err)
	}
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
