package hookconf

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// span is a byte range [start, end) of a document.
type span struct{ start, end int }

// trustEntry is where config.toml defines hooks.state."KEY", in any of
// the forms TOML allows: a [hooks.state."KEY"] table (quoted, literal,
// spaced, with a comment), dotted keys (hooks.state."KEY".trusted_hash =
// …), or a member of an inline table.
type trustEntry struct {
	key    string
	names  []span // the key part naming KEY, one per expression
	remove []span // what to delete to remove the entry
	inline *inlineTable
}

// inlineTable is an inline table that holds trust entries or could: the
// value of hooks.state (prefix "") or of hooks (prefix "state.").
type inlineTable struct {
	open     int    // offset of '{'
	children []span // its key-values
	prefix   string // key path from the table to an entry's KEY
}

// trustDoc is config.toml with what the trust edit needs to know.
type trustDoc struct {
	src     []byte
	entries map[string]*trustEntry
	order   []string
	// home is the inline table new entries go in; nil: a new
	// [hooks.state."KEY"] table at the end.
	home *inlineTable
}

// parseTrust parses config.toml and finds its trust entries. Errors name
// the line and column.
func parseTrust(src []byte) (*trustDoc, error) {
	if err := toml.Unmarshal(src, new(map[string]any)); err != nil {
		return nil, tomlError(err)
	}
	d := &trustDoc{src: src, entries: map[string]*trustEntry{}}
	var p unstable.Parser
	p.Reset(src)
	var table []string
	var tableEntry *trustEntry // the entry whose [hooks.state."KEY"…] table is open
	var arrayTable bool
	for p.NextExpression() {
		n := p.Expression()
		switch n.Kind {
		case unstable.Table, unstable.ArrayTable:
			keys, spans := keyParts(n.Key())
			table, arrayTable, tableEntry = keys, n.Kind == unstable.ArrayTable, nil
			if !arrayTable && len(keys) >= 3 && keys[0] == "hooks" && keys[1] == "state" {
				start := lineStart(src, bytes.LastIndexByte(src[:spans[0].start], '['))
				e := d.entry(keys[2])
				e.names = append(e.names, spans[2])
				e.remove = append(e.remove, span{start, lineEnd(src, spans[len(spans)-1].end)})
				tableEntry = e
			}
		case unstable.KeyValue:
			end := int(n.Raw.Offset + n.Raw.Length)
			if tableEntry != nil {
				last := &tableEntry.remove[len(tableEntry.remove)-1]
				last.end = lineEnd(src, end)
				continue
			}
			if arrayTable {
				continue
			}
			d.keyValue(table, n, span{lineStart(src, int(n.Raw.Offset)), lineEnd(src, end)}, nil)
		}
	}
	if err := p.Error(); err != nil {
		return nil, fmt.Errorf("config.toml: %v", err)
	}
	for _, k := range d.order {
		e := d.entries[k]
		for i, r := range e.remove {
			if e.inline == nil && r.start == lineStart(src, r.start) {
				e.remove[i].start = contentEnd(src[:r.start])
			}
		}
	}
	return d, nil
}

// keyValue records what a key-value under table defines: trust entries,
// or an inline table they go in. whole is what removing it deletes.
func (d *trustDoc) keyValue(table []string, n *unstable.Node, whole span, in *inlineTable) {
	keys, spans := keyParts(n.Key())
	full := append(slices.Clip(table), keys...)
	at := len(table) // index in full of keys[0]
	val := n.Value()
	switch {
	case len(full) >= 3 && full[0] == "hooks" && full[1] == "state" && at <= 2:
		e := d.entry(full[2])
		e.names = append(e.names, spans[2-at])
		if e.inline = in; in == nil { // an inline member's removal is worked out per table: see inlineRemovals
			e.remove = append(e.remove, whole)
		}
	case val.Kind == unstable.InlineTable && (slices.Equal(full, []string{"hooks", "state"}) || slices.Equal(full, []string{"hooks"})):
		t := &inlineTable{open: int(val.Raw.Offset)}
		if len(full) == 1 {
			t.prefix = "state."
		}
		for c := range iterate(val.Children()) {
			if c.Kind == unstable.KeyValue {
				t.children = append(t.children, span{int(c.Raw.Offset), int(c.Raw.Offset + c.Raw.Length)})
			}
		}
		if d.home == nil || t.prefix == "" {
			d.home = t
		}
		i := 0
		for c := range iterate(val.Children()) {
			if c.Kind == unstable.KeyValue {
				d.keyValue(full, c, t.children[i], t)
				i++
			}
		}
	}
}

func (d *trustDoc) entry(key string) *trustEntry {
	e, ok := d.entries[key]
	if !ok {
		e = &trustEntry{key: key}
		d.entries[key] = e
		d.order = append(d.order, key)
	}
	return e
}

// iterate ranges over an unstable iterator.
func iterate(it unstable.Iterator) func(func(*unstable.Node) bool) {
	return func(yield func(*unstable.Node) bool) {
		for it.Next() {
			if !yield(it.Node()) {
				return
			}
		}
	}
}

// keyParts returns the decoded parts of a dotted key and their spans.
func keyParts(it unstable.Iterator) ([]string, []span) {
	var keys []string
	var spans []span
	for it.Next() {
		k := it.Node()
		keys = append(keys, string(k.Data))
		spans = append(spans, span{int(k.Raw.Offset), int(k.Raw.Offset + k.Raw.Length)})
	}
	return keys, spans
}

func lineStart(src []byte, i int) int { return bytes.LastIndexByte(src[:max(i, 0)], '\n') + 1 }

// lineEnd is the offset after the last byte that is not whitespace on
// the line holding i (a comment included).
func lineEnd(src []byte, i int) int {
	end := len(src)
	if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
		end = i + j
	}
	return i + contentEnd(src[i:end])
}

// contentEnd is the offset after the last byte of b that is not
// whitespace (comments count as content).
func contentEnd(b []byte) int { return len(bytes.TrimRight(b, " \t\r\n")) }

// edit replaces a span by text.
type edit struct {
	span
	text string
}

// trustPlan is what to do with config.toml's trust entries.
type trustPlan struct {
	rename map[string]string // existing key → new key
	remove map[string]bool   // existing keys to drop
	add    []trustAdd        // new entries, in order
}

type trustAdd struct{ key, hash string }

// apply returns the edited document.
func (d *trustDoc) apply(p trustPlan) ([]byte, error) {
	var edits []edit
	byTable := map[*inlineTable][]string{} // removed inline entries per table
	for _, k := range d.order {
		e := d.entries[k]
		switch {
		case p.remove[k]:
			if e.inline != nil {
				byTable[e.inline] = append(byTable[e.inline], k)
				continue
			}
			for _, r := range e.remove {
				edits = append(edits, edit{span: r})
			}
		case p.rename[k] != "" && p.rename[k] != k:
			for _, n := range e.names {
				edits = append(edits, edit{span: n, text: tomlString(p.rename[k])})
			}
		}
	}
	for t, keys := range byTable {
		edits = append(edits, d.inlineRemovals(t, keys)...)
	}
	if len(p.add) > 0 {
		edits = append(edits, d.additions(p.add, byTable[d.home] != nil)...)
	}
	slices.SortFunc(edits, func(a, b edit) int {
		if a.start != b.start {
			return a.start - b.start
		}
		return a.end - b.end
	})
	var out bytes.Buffer
	pos := 0
	for _, e := range edits {
		if e.start < pos {
			return nil, errors.New("overlapping edits")
		}
		out.Write(d.src[pos:e.start])
		out.WriteString(e.text)
		pos = e.end
	}
	out.Write(d.src[pos:])
	b := out.Bytes()
	if contentEnd(b) == 0 && contentEnd(d.src) > 0 && len(b) > 0 && b[0] == '\n' {
		// Entries added to a file without content end with a newline of
		// their own (see additions): it goes with them.
		b = b[1:]
	}
	return b, nil
}

// inlineRemovals removes the entries keys from inline table t, with the
// commas between them: those before the first kept member up to it, the
// others from the end of the member before them.
func (d *trustDoc) inlineRemovals(t *inlineTable, keys []string) []edit {
	gone := make([]bool, len(t.children))
	for i, c := range t.children {
		for _, k := range keys {
			for _, n := range d.entries[k].names {
				if n.start >= c.start && n.end <= c.end {
					gone[i] = true
				}
			}
		}
	}
	var edits []edit
	firstKept := slices.Index(gone, false)
	if firstKept < 0 {
		return []edit{{span: span{t.children[0].start, t.children[len(t.children)-1].end}}}
	}
	if firstKept > 0 {
		edits = append(edits, edit{span: span{t.children[0].start, t.children[firstKept].start}})
	}
	for i := firstKept + 1; i < len(t.children); i++ {
		if gone[i] {
			edits = append(edits, edit{span: span{t.children[i-1].end, t.children[i].end}})
		}
	}
	return edits
}

// additions writes new entries: into the inline table that holds
// hooks.state (or hooks), else as [hooks.state."KEY"] tables after the
// last content of the file. emptied is set when the inline table loses
// members in the same edit.
func (d *trustDoc) additions(add []trustAdd, emptied bool) []edit {
	if t := d.home; t != nil {
		var parts []string
		for _, a := range add {
			parts = append(parts, t.prefix+tomlString(a.key)+" = { trusted_hash = "+tomlString(a.hash)+" }")
		}
		text := strings.Join(parts, ", ")
		if len(t.children) == 0 || emptied {
			// After the brace; a kept first member needs the comma.
			if len(t.children) > 0 {
				text += ", "
			}
			return []edit{{span: span{t.open + 1, t.open + 1}, text: text}}
		}
		end := t.children[len(t.children)-1].end
		return []edit{{span: span{end, end}, text: ", " + text}}
	}
	var b strings.Builder
	at := contentEnd(d.src)
	for i, a := range add {
		if at > 0 || i > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString("[hooks.state." + tomlString(a.key) + "]\ntrusted_hash = " + tomlString(a.hash))
	}
	if at == 0 {
		b.WriteString("\n")
	}
	return []edit{{span: span{at, at}, text: b.String()}}
}

// trustHashes decodes hooks.state.*.trusted_hash.
func trustHashes(src []byte) map[string]string {
	var doc struct {
		Hooks struct {
			State map[string]map[string]any `toml:"state"`
		} `toml:"hooks"`
	}
	out := map[string]string{}
	if toml.Unmarshal(src, &doc) != nil {
		return out
	}
	for k, v := range doc.Hooks.State {
		if h, ok := v["trusted_hash"].(string); ok {
			out[k] = h
		}
	}
	return out
}

// tomlError names the line and column of a TOML error.
func tomlError(err error) error {
	var de *toml.DecodeError
	if errors.As(err, &de) {
		row, col := de.Position()
		return fmt.Errorf("config.toml: line %d, column %d: %s", row, col, de.Error())
	}
	return fmt.Errorf("config.toml: %w", err)
}

// tomlString quotes s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
