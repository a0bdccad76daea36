package hook

import (
	"bytes"
	"unsafe"

	"github.com/stophook/stophook/internal/hostio"
	"github.com/stophook/stophook/internal/jsonscan"
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
