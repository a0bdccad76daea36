package hookconf

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tailscale/hujson"
)

// bom is the UTF-8 byte-order mark some editors put first.
var bom = []byte("\ufeff")

// jdoc is a settings file parsed for editing: a JWCC (JSON with comments
// and trailing commas) syntax tree that packs back to the very bytes it
// was parsed from, so an edit changes only the nodes it adds, replaces or
// removes and every comment, space and number elsewhere stays as it was.
type jdoc struct {
	src   []byte // without the byte-order mark
	bom   bool
	blank bool // the file was empty or missing: "{}" is edited
	root  hujson.Value
	unit  string // one level of indentation
}

// parseDoc parses a settings file: JSON, or JSONC as Gemini CLI and Qwen
// Code read it, with or without a byte-order mark. Errors name the line
// and column.
func parseDoc(data []byte) (*jdoc, error) {
	d := &jdoc{}
	data, d.bom = bytes.CutPrefix(data, bom)
	if len(bytes.TrimSpace(data)) == 0 {
		d.blank, data = true, []byte("{}")
	}
	d.src = data
	v, err := hujson.Parse(data)
	if err != nil {
		return nil, errors.New(trimPrefix(err.Error()))
	}
	if _, ok := v.Value.(*hujson.Object); !ok {
		return nil, d.errAt(v.StartOffset, "the file is not a JSON object")
	}
	d.root = v
	d.unit = indentOf(data)
	return d, nil
}

func trimPrefix(s string) string {
	s, _ = strings.CutPrefix(s, "hujson: ")
	return s
}

// errAt is an error at byte offset n of the file.
func (d *jdoc) errAt(n int, format string, a ...any) error {
	n = min(max(n, 0), len(d.src))
	line := 1 + bytes.Count(d.src[:n], []byte("\n"))
	col := 1 + n - (bytes.LastIndexByte(d.src[:n], '\n') + 1)
	return fmt.Errorf("line %d, column %d: %s", line, col, fmt.Sprintf(format, a...))
}

// pack returns the edited file.
func (d *jdoc) pack() []byte {
	b := d.root.Pack()
	if d.blank {
		b = append(b, '\n')
	}
	if d.bom {
		b = append(slices.Clip(bom), b...)
	}
	return b
}

// standardize returns data as standard JSON: comments, trailing commas
// and a byte-order mark removed; blank input is "{}".
func standardize(data []byte) ([]byte, error) {
	d, err := parseDoc(data)
	if err != nil {
		return nil, err
	}
	v := d.root.Clone()
	v.Standardize()
	return v.Pack(), nil
}

// std returns v as compact standard JSON.
func std(v hujson.Value) json.RawMessage {
	c := v.Clone()
	c.Minimize()
	return c.Pack()
}

// lastMember returns the index of the last member named name (the one a
// JavaScript host's JSON.parse keeps), or -1.
func lastMember(obj *hujson.Object, name string) int {
	idx := -1
	for i, m := range obj.Members {
		if lit, ok := m.Name.Value.(hujson.Literal); ok && lit.String() == name {
			idx = i
		}
	}
	return idx
}

// isNullValue reports whether v is the literal null.
func isNullValue(v hujson.Value) bool {
	lit, ok := v.Value.(hujson.Literal)
	return ok && lit.Kind() == 'n'
}

// lineIndent returns the indentation a value starts its line with: what
// follows the last newline of the extra before it, or parent when it
// shares its line with what comes before.
func lineIndent(before hujson.Extra, parent string) string {
	i := bytes.LastIndexByte(before, '\n')
	if i < 0 {
		return parent
	}
	ind := before[i+1:]
	if len(bytes.Trim(ind, " \t")) != 0 {
		return parent
	}
	return string(ind)
}

// isSpace reports whether an extra holds only whitespace.
func isSpace(b hujson.Extra) bool { return len(bytes.Trim(b, " \t\r\n")) == 0 }

// layout is how a container lays out its members or elements.
type layout struct {
	multiline   bool
	childIndent string       // the indentation of a member's line
	before      hujson.Extra // the extra before a new member or element
	trailing    bool         // the last one is followed by a comma
}

// layoutOf describes a container whose line is indented by indent, from
// the extras before its members (firsts[i]) and after the last one; an
// empty one is laid out over several lines when ml is set.
func (d *jdoc) layoutOf(indent string, ml bool, firsts []hujson.Extra, lastAfter hujson.Extra) layout {
	if len(firsts) == 0 {
		l := layout{multiline: ml, childIndent: indent + d.unit}
		if ml {
			l.before = hujson.Extra("\n" + l.childIndent)
		}
		return l
	}
	last := firsts[len(firsts)-1]
	l := layout{trailing: lastAfter != nil}
	for _, f := range firsts {
		if bytes.IndexByte(f, '\n') >= 0 {
			l.multiline = true
		}
	}
	if l.multiline {
		l.childIndent = lineIndent(last, indent+d.unit)
		l.before = hujson.Extra("\n" + l.childIndent)
		return l
	}
	l.childIndent = indent
	if isSpace(last) {
		l.before = slices.Clone(last)
	}
	return l
}

// render parses raw as a value laid out over several lines, indented
// below a line indented by indent, or on one line, with a space after
// each colon and comma when like (a neighbour written on one line) has
// them.
func (d *jdoc) render(raw json.RawMessage, multiline bool, indent string, like []byte) hujson.Value {
	var b bytes.Buffer
	if multiline {
		json.Indent(&b, raw, indent, d.unit)
	} else {
		json.Compact(&b, raw)
		if bytes.Contains(like, []byte(": ")) || bytes.Contains(like, []byte(", ")) {
			b = *bytes.NewBuffer(spaced(b.Bytes()))
		}
	}
	v, err := hujson.Parse(b.Bytes())
	if err != nil {
		panic("hookconf: rendered JSON does not parse: " + err.Error())
	}
	return v
}

// spaced puts a space after each colon and comma of compact JSON.
func spaced(compact []byte) []byte {
	out := make([]byte, 0, len(compact)+len(compact)/8)
	inString, escaped := false, false
	for _, c := range compact {
		out = append(out, c)
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case !inString && (c == ':' || c == ','):
			out = append(out, ' ')
		}
	}
	return out
}

// addMember appends name: raw to obj, whose line is indented by indent.
func (d *jdoc) addMember(obj *hujson.Object, indent string, ml bool, name string, raw json.RawMessage) {
	firsts := make([]hujson.Extra, len(obj.Members))
	for i, m := range obj.Members {
		firsts[i] = m.Name.BeforeExtra
	}
	var lastAfter hujson.Extra
	if n := len(obj.Members); n > 0 {
		lastAfter = obj.Members[n-1].Value.AfterExtra
	}
	l := d.layoutOf(indent, ml, firsts, lastAfter)
	var like []byte
	if n := len(obj.Members); n > 0 {
		like = packTrimmed(obj.Members[n-1].Value)
	}
	v := d.render(raw, l.multiline, l.childIndent, like)
	v.BeforeExtra = hujson.Extra(" ")
	if n := len(obj.Members); n > 0 && !l.multiline {
		v.BeforeExtra = slices.Clone(spaceOr(obj.Members[n-1].Value.BeforeExtra, ""))
	}
	if l.trailing {
		v.AfterExtra = hujson.Extra{}
	}
	if len(obj.Members) == 0 && l.multiline && bytes.IndexByte(obj.AfterExtra, '\n') < 0 {
		obj.AfterExtra = append(hujson.Extra("\n"+indent), obj.AfterExtra...)
	}
	obj.Members = append(obj.Members, hujson.ObjectMember{
		Name:  hujson.Value{BeforeExtra: l.before, Value: hujson.String(name)},
		Value: v,
	})
}

// addElement appends raw to arr, whose line is indented by indent.
func (d *jdoc) addElement(arr *hujson.Array, indent string, ml bool, raw json.RawMessage) {
	firsts := make([]hujson.Extra, len(arr.Elements))
	for i, e := range arr.Elements {
		firsts[i] = e.BeforeExtra
	}
	var lastAfter hujson.Extra
	if n := len(arr.Elements); n > 0 {
		lastAfter = arr.Elements[n-1].AfterExtra
	}
	l := d.layoutOf(indent, ml, firsts, lastAfter)
	var like []byte
	if n := len(arr.Elements); n > 0 {
		like = packTrimmed(arr.Elements[n-1])
	}
	v := d.render(raw, l.multiline, l.childIndent, like)
	v.BeforeExtra = l.before
	if l.trailing {
		v.AfterExtra = hujson.Extra{}
	}
	if len(arr.Elements) == 0 && l.multiline && bytes.IndexByte(arr.AfterExtra, '\n') < 0 {
		arr.AfterExtra = append(hujson.Extra("\n"+indent), arr.AfterExtra...)
	}
	arr.Elements = append(arr.Elements, v)
}

// replace sets v's value to raw, laid out as v was (over several lines or
// on one), keeping the comments around it.
func (d *jdoc) replace(v *hujson.Value, indent string, raw json.RawMessage) {
	old := packTrimmed(*v)
	v.Value = d.render(raw, bytes.IndexByte(old, '\n') >= 0, indent, old).Value
}

// packTrimmed packs v without its extras.
func packTrimmed(v hujson.Value) []byte {
	v.BeforeExtra, v.AfterExtra = nil, nil
	return v.Pack()
}

func spaceOr(b hujson.Extra, def string) hujson.Extra {
	if isSpace(b) {
		return b
	}
	return hujson.Extra(def)
}

// removeElement removes arr's element i with the extras it owns.
func removeElement(arr *hujson.Array, i int) {
	els := arr.Elements
	if i == len(els)-1 && i > 0 {
		els[i-1].AfterExtra = trailing(els[i].AfterExtra != nil, els[i-1].AfterExtra, &arr.AfterExtra)
	}
	if i == 0 && len(els) > 1 && isSpace(els[0].BeforeExtra) && isSpace(els[1].BeforeExtra) {
		els[1].BeforeExtra = els[0].BeforeExtra
	}
	arr.Elements = slices.Delete(els, i, i+1)
	if len(arr.Elements) == 0 && isSpace(arr.AfterExtra) {
		arr.AfterExtra = nil
	}
}

// trailing returns the extra after a value that becomes the last one,
// with a trailing comma (a non-nil extra) when comma is set; without one,
// its extra moves to the container's (closing).
func trailing(comma bool, after hujson.Extra, closing *hujson.Extra) hujson.Extra {
	if comma {
		if after == nil {
			after = hujson.Extra{}
		}
		return after
	}
	if after != nil {
		*closing = append(after, *closing...)
	}
	return nil
}

// removeMember removes obj's member i with the extras it owns.
func removeMember(obj *hujson.Object, i int) {
	ms := obj.Members
	if i == len(ms)-1 && i > 0 {
		ms[i-1].Value.AfterExtra = trailing(ms[i].Value.AfterExtra != nil, ms[i-1].Value.AfterExtra, &obj.AfterExtra)
	}
	if i == 0 && len(ms) > 1 && isSpace(ms[0].Name.BeforeExtra) && isSpace(ms[1].Name.BeforeExtra) {
		ms[1].Name.BeforeExtra = ms[0].Name.BeforeExtra
	}
	obj.Members = slices.Delete(ms, i, i+1)
	if len(obj.Members) == 0 && isSpace(obj.AfterExtra) {
		obj.AfterExtra = nil
	}
}
