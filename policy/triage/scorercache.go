package triage

import (
	"encoding/json"
	"sync"
)

// maxScorers bounds the scorers kept: a long-running server fed many
// different configs builds the others on every call instead of growing.
const maxScorers = 16

// scorerCache keeps the scorers a [MemoryTriage] built, by the fields of
// the config they depend on, so that a long-running hook server builds
// each once. A config that fails to build is not cached. The zero value
// is ready to use.
type scorerCache struct {
	mu sync.Mutex
	m  map[string]*Scorer
}

// get returns the scorer of c: from the cache, else built (built, when
// not nil, is c's scorer built already, by the config's validation).
func (sc *scorerCache) get(c Config, built *Scorer) (*Scorer, error) {
	key, err := scorerKey(c)
	if err != nil {
		return c.build()
	}
	sc.mu.Lock()
	s, ok := sc.m[key]
	sc.mu.Unlock()
	if ok {
		return s, nil
	}
	// Built outside the lock: two callers may both build the same scorer;
	// either is right and the first stored is kept.
	if s = built; s == nil {
		if s, err = c.build(); err != nil {
			return nil, err
		}
	}
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if old, ok := sc.m[key]; ok {
		return old, nil
	}
	if sc.m == nil {
		sc.m = map[string]*Scorer{}
	}
	if len(sc.m) < maxScorers {
		sc.m[key] = s
	}
	return s, nil
}

// scorerKey returns the fields of c the scorer depends on, encoded: ""
// for the defaults. encoding/json sorts map keys, so equal configs give
// equal keys; a field added to Config or Activity that changes
// the scorer must be added here.
func scorerKey(c Config) (string, error) {
	if c.Cues == nil && c.HeuristicThreshold == 0 && c.SessionSummary.FilesModified == 0 &&
		c.SessionSummary.ToolUses == 0 && c.SessionSummary.EditTools == nil && !c.SessionSummary.JoinOnly && !c.SessionSummary.Alone &&
		!c.Grounded {
		return "", nil
	}
	b, err := json.Marshal(struct {
		Cues         map[string][]Cue
		Threshold    float64
		Activity     Activity
		DefaultEdits bool // omitempty hides nil (the defaults) from [] (none)
		Grounded     bool
	}{c.Cues, c.HeuristicThreshold, c.SessionSummary, c.SessionSummary.EditTools == nil, c.Grounded})
	return string(b), err
}
