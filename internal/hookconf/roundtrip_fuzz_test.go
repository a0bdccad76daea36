package hookconf

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tailscale/hujson"
)

// FuzzApplyRoundTrip installs a hook into any settings file (JSON or
// JSONC, with or without a byte-order mark) and removes it again: the
// install must parse and hold the hook once per event, a second install
// must change nothing, and the removal must give back the user's file
// byte for byte. The exception is a file whose hooks, or an event's list,
// are empty or null: removing the last hook removes the container too
// (there is no telling it was there before), and then only the meaning
// must come back.
func FuzzApplyRoundTrip(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "settings", "*"))
	for _, p := range seeds {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, byte(0))
		f.Add(b, byte(1))
	}
	f.Add([]byte(userSettings), byte(0))
	f.Add([]byte("{}"), byte(1))
	f.Fuzz(func(t *testing.T, doc []byte, which byte) {
		host := []string{"claude", "gemini", "qwen"}[int(which)%3]
		events := []string{"Stop", "SessionStart"}
		if which&4 != 0 {
			events = []string{"SessionEnd"}
		}
		add := change(host, false, events...)
		installed, err := Apply(doc, add)
		if err != nil {
			return // not a settings file
		}
		found, err := Entries(installed, add.Host)
		if err != nil {
			t.Fatalf("the installed file does not parse: %v\n%s", err, installed)
		}
		n := 0
		for _, e := range found {
			if slices.Contains(add.Events, e.Event) && add.Hook.same(e.Command, e.Args) {
				n++
			}
		}
		before := ours(t, doc, add)
		if before == 0 && n != len(add.Events) {
			t.Fatalf("%d entries of the hook after install, want %d:\n%s", n, len(add.Events), installed)
		}
		again, err := Apply(installed, add)
		if err != nil || !bytes.Equal(again, installed) {
			t.Fatalf("second install changed the file (%v):\n%s", err, Diff("settings.json", installed, again))
		}
		rm := change(host, true, events...)
		removed, err := Apply(installed, rm)
		if err != nil {
			t.Fatalf("remove: %v", err)
		}
		if ours(t, removed, rm) != 0 {
			t.Fatalf("the hook is still there after remove:\n%s", removed)
		}
		if before != 0 {
			return // the user's own entry of the hook was replaced: not a round trip
		}
		if exact(doc, add) {
			if !bytes.Equal(removed, doc) {
				t.Fatalf("remove after install did not give back the file:\n%s", Diff("settings.json", doc, removed))
			}
			return
		}
		a, _ := standardize(doc)
		b, _ := standardize(removed)
		if !sameMeaning(a, b) {
			t.Fatalf("remove after install changed the meaning:\n%s\n%s", a, b)
		}
	})
}

// ours counts the entries of c's hook in doc.
func ours(t *testing.T, doc []byte, c Change) int {
	found, err := Entries(doc, c.Host)
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range found {
		if slices.Contains(c.Events, e.Event) && c.Hook.same(e.Command, e.Args) {
			n++
		}
	}
	return n
}

// exact reports whether a round trip must give back doc's bytes: its
// root object has members, and its hooks and the lists of c's events are
// absent or hold something.
func exact(doc []byte, c Change) bool {
	d, err := parseDoc(doc)
	if err != nil || d.blank {
		return false
	}
	root := d.root.Value.(*hujson.Object)
	if len(root.Members) == 0 {
		return false
	}
	hi := lastMember(root, "hooks")
	if hi < 0 {
		return true
	}
	hooks, ok := root.Members[hi].Value.Value.(*hujson.Object)
	if !ok || len(hooks.Members) == 0 {
		return false
	}
	for _, ev := range c.Events {
		if ei := lastMember(hooks, ev); ei >= 0 {
			arr, ok := hooks.Members[ei].Value.Value.(*hujson.Array)
			if !ok || len(arr.Elements) == 0 {
				return false
			}
		}
	}
	return true
}

// sameMeaning compares two JSON documents, ignoring empty or null hooks
// and event lists.
func sameMeaning(a, b []byte) bool {
	var x, y map[string]any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	prune(x)
	prune(y)
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}

func prune(m map[string]any) {
	h, ok := m["hooks"].(map[string]any)
	if m["hooks"] == nil || ok && len(h) == 0 {
		delete(m, "hooks")
		return
	}
	for k, v := range h {
		if arr, ok := v.([]any); v == nil || ok && len(arr) == 0 {
			delete(h, k)
		}
	}
	if len(h) == 0 {
		delete(m, "hooks")
	}
}
