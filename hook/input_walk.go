package hook

import (
	"bytes"
	"unsafe"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/hostio"
	"github.com/stophook/stophook/internal/jsonscan"
	"github.com/stophook/stophook/internal/onepass"
)

// topFields holds the raw JSON value of the top-level member
// stop_hook_active ("" when absent), as [peekFields] reads it, when
// [detect] read it (ok); it may share the request's memory.
type topFields struct {
	active string
	ok     bool
}

// fields returns in.Field("loop_count") and in.Field("stop_hook_active")
// for the input whose normalized payload is raw: from t when detect read
// them, else read from raw by [peekFields]. A payload detect reads for a
// Claude Code input has no loop_count: that member makes it Cursor's.
func (t topFields) fields(raw []byte) (loop, active string) {
	if !t.ok {
		return peekFields(raw, "loop_count", "stop_hook_active")
	}
	if t.active != "" {
		active = valueString(t.active)
	}
	return "", active
}

// walk is what detect gathers in its pass: the host's features and the
// member the turn accounting reads.
type walk struct {
	features hostio.Features
	top      topFields
	active   bool // stop_hook_active seen: the first counts, as for gjson
}

func (w *walk) member(key, value string) bool {
	if !w.active && key == "stop_hook_active" {
		w.top.active, w.active = value, true
	}
	return w.features.Add(key, value)
}

// detect names the host of data as [hostio.Detect] does and, for Claude
// Code (whose payload is decoded as it comes), reads stop_hook_active in
// the same pass, which the turn accounting would read again. host is ""
// when the pass cannot say (anything but a plain object, an escaped key,
// an escape in a member the host is read from): ask hostio.Detect.
func detect(data []byte) (host string, top topFields) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' {
		return "", topFields{}
	}
	var w walk
	// Read in place: nothing read outlives the request.
	if !jsonscan.Plain(unsafe.String(&data[0], len(data)), w.member) {
		return "", topFields{}
	}
	host = w.features.Host()
	if host != hostio.Claude {
		return host, topFields{} // normalized: read from the normalized payload
	}
	w.top.ok = true
	return host, w.top
}

// decodeOnce decodes data as Claude Code's payload into in and names its
// host from the members that decoding read, as [detect] would from its
// own pass: one pass over the payload instead of two. ok is false when
// that pass cannot say (see package onepass), or a member is one detect
// leaves to hostio.Detect: decode as before then. When ok is false or
// host is not Claude, in holds nothing: the payload is to be decoded
// again (normalized first).
//
// in and m escape (see [onepass.Decode]): they are a pooled response's.
func decodeOnce(data []byte, in *stophook.Input, m *onepass.Members) (host string, top topFields, ok bool) {
	if len(data) > hostio.MaxInput || !onepass.Decode(data, in, m) {
		return "", topFields{}, false // hostio.Normalize refuses more than MaxInput
	}
	data = bytes.TrimSpace(data)
	s := unsafe.String(&data[0], len(data)) // read in place: nothing read outlives the request
	var w walk
	for i := range m.N {
		if !w.member(m.Key(s, i), m.Value(s, i)) {
			return "", topFields{}, false
		}
	}
	if host = w.features.Host(); host != hostio.Claude {
		return host, topFields{}, true
	}
	in.Host = host
	w.top.ok = true
	return host, w.top, true
}
