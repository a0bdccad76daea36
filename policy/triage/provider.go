package triage

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/stophook/stophook/llm"
)

// modelFor returns the model the config's llm_provider names among
// providers, or nil with the reason none is available; unknown reports a
// name that is not among them (worth a warning, unlike a missing key).
// Names are case-insensitive; "" and "none" mean no model.
func modelFor(providers map[string]func() (llm.Model, error), name string) (m llm.Model, why string, unknown bool) {
	key := strings.ToLower(strings.TrimSpace(name))
	if key == "" || key == "none" {
		return nil, "no llm_provider", false
	}
	var build func() (llm.Model, error)
	for k, p := range providers {
		if strings.ToLower(k) == key {
			build = p
		}
	}
	if build == nil {
		known := "the hook wires none"
		if len(providers) > 0 {
			known = "known: " + strings.Join(slices.Sorted(maps.Keys(providers)), ", ")
		}
		return nil, fmt.Sprintf("unknown llm_provider %q (%s): heuristic only", name, known), true
	}
	m, err := build()
	if err != nil {
		return nil, "llm_provider " + name + ": " + err.Error(), false
	}
	if m == nil {
		return nil, "llm_provider " + name + ": no model", false
	}
	return m, "", false
}
