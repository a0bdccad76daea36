package triage

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"github.com/stophook/stophook/internal/safefile"
)

// Triage modes of [Config.Mode].
const (
	// ModeHybrid scores with heuristics and, when they find something and
	// an LLM provider is available, lets the LLM refine the findings.
	ModeHybrid = "hybrid"
	// ModeHeuristic never calls an LLM.
	ModeHeuristic = "heuristic"
)

// configFile is the config file [MemoryTriage] reads from
// <cwd>/.claude/ when no path is given.
const configFile = "memory-config.json"

// maxConfigBytes bounds the config file.
const maxConfigBytes = 1 << 20

// Config is the "triage" object of memory-config.json:
//
//	{"triage": {"mode": "hybrid", "max_transcript_messages": 2000,
//	  "heuristic_threshold": 0.6, "llm_provider": "anthropic",
//	  "llm_timeout_ms": 10000, "blocking": true}}
//
// A zero field means its default.
type Config struct {
	// Mode is ModeHybrid (default) or ModeHeuristic.
	Mode string `json:"mode,omitempty"`
	// MaxTranscriptMessages bounds how many messages are read back from
	// the end of the transcript; reading stops earlier at the turn's
	// prompt, so by default the whole turn is read. Default 2000, at most
	// 5000 (a quarter of real turns measured ran past 50 messages, the
	// longest to 572).
	MaxTranscriptMessages int `json:"max_transcript_messages,omitempty"`
	// HeuristicThreshold is the score in (0, 1] a sentence needs; default 0.6.
	HeuristicThreshold float64 `json:"heuristic_threshold,omitempty"`
	// LLMProvider names the LLM that refines findings in hybrid mode, a
	// key of [MemoryTriage.Providers]: with provider.All() "anthropic"
	// (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL) and "gemini-flash"
	// (GEMINI_API_KEY or GOOGLE_API_KEY, GEMINI_BASE_URL); "" for none
	// (default). Without its API key triage is heuristic only; for a name
	// the hook does not know, heuristic only with a warning.
	LLMProvider string `json:"llm_provider,omitempty"`
	// LLMTimeoutMS bounds the whole refinement, retry included; default
	// 10000, at most 60000, and always ending 3 s before the hook's budget
	// (the heuristic findings are used then).
	LLMTimeoutMS int `json:"llm_timeout_ms,omitempty"`
	// LLMMinScore, when above 0, also asks the LLM (hybrid mode) about a
	// turn whose best sentence scored at least this much without reaching
	// HeuristicThreshold; the LLM's answer is then the only source of
	// memories. Default 0: the LLM only refines turns where the heuristics
	// found something. Keyword cues miss memories phrased in words they do
	// not know; this trades LLM calls for recall.
	LLMMinScore float64 `json:"llm_min_score,omitempty"`
	// Blocking false reports the findings to the user (systemMessage)
	// instead of sending the agent back to save them; default true.
	Blocking *bool `json:"blocking,omitempty"`
	// Cues replaces the cues of the named categories; a name that is not a
	// built-in category adds a category.
	Cues map[string][]Cue `json:"cues,omitempty"`
	// SessionSummary tunes the SESSION_SUMMARY counts.
	SessionSummary Activity `json:"session_summary,omitzero"`
	// Grounded sends a turn back only for a memory grounded in the user's
	// words, the turn's structure or the agent's own decision or deferred
	// work, not for what the agent's prose says alone (Options.Grounded);
	// default false. In hybrid mode with an LLM, such findings are asked
	// about instead.
	Grounded bool `json:"grounded,omitempty"`
}

// Defaults of [Config].
const (
	defaultMaxTranscriptMessages = 2000
	defaultLLMTimeout            = 10 * time.Second
)

// IsBlocking reports whether findings block the stop (default true).
func (c Config) isBlocking() bool { return c.Blocking == nil || *c.Blocking }

// llmTimeout returns the refinement budget.
func (c Config) llmTimeout() time.Duration {
	if c.LLMTimeoutMS <= 0 {
		return defaultLLMTimeout
	}
	return time.Duration(min(c.LLMTimeoutMS, 60000)) * time.Millisecond
}

// maxMessages returns the number of transcript messages to read.
func (c Config) maxMessages() int {
	if c.MaxTranscriptMessages <= 0 {
		return defaultMaxTranscriptMessages
	}
	return min(c.MaxTranscriptMessages, 5000)
}

// validate reports the first invalid field.
func (c Config) validate() error {
	_, err := c.check()
	return err
}

// check validates c as [Config.validate] does and returns its scorer,
// built to validate the cues.
func (c Config) check() (*Scorer, error) {
	switch {
	case c.Mode != "" && c.Mode != ModeHybrid && c.Mode != ModeHeuristic:
		return nil, fmt.Errorf("triage: mode %q is not %q or %q", c.Mode, ModeHybrid, ModeHeuristic)
	case c.HeuristicThreshold < 0 || c.HeuristicThreshold > 1:
		return nil, fmt.Errorf("triage: heuristic_threshold %v is outside (0, 1]", c.HeuristicThreshold)
	case c.LLMMinScore < 0 || c.LLMMinScore > 1:
		return nil, fmt.Errorf("triage: llm_min_score %v is outside [0, 1]", c.LLMMinScore)
	case c.MaxTranscriptMessages < 0:
		return nil, fmt.Errorf("triage: max_transcript_messages %d is negative", c.MaxTranscriptMessages)
	case c.LLMTimeoutMS < 0:
		return nil, fmt.Errorf("triage: llm_timeout_ms %d is negative", c.LLMTimeoutMS)
	}
	for name := range c.Cues {
		if strings.TrimSpace(name) == "" {
			return nil, fmt.Errorf("triage: cues: empty category name")
		}
	}
	s, err := c.build()
	if err != nil {
		return nil, fmt.Errorf("triage: cues: %w", err)
	}
	return s, nil
}

// newScorer builds the heuristic scorer the config describes. Building one
// costs more than scoring a turn, and a [newScorer] is safe for concurrent
// use: keep it (a [MemoryTriage] keeps the scorers it builds).
func (c Config) newScorer() (*Scorer, error) {
	return c.build()
}

// build builds the scorer the config describes.
func (c Config) build() (*Scorer, error) {
	rules := DefaultRules()
	for name, cues := range c.Cues {
		cat := categoryName(strings.ToUpper(strings.TrimSpace(name)))
		found := false
		for i := range rules {
			if rules[i].Category == cat {
				rules[i].Cues, found = cues, true
			}
		}
		if !found {
			rules = append(rules, Rule{Category: cat, Cues: cues})
		}
	}
	return New(Options{Rules: rules, Threshold: c.HeuristicThreshold, Activity: c.SessionSummary, Grounded: c.Grounded})
}

// readConfig reads the "triage" object of a memory-config.json file.
// A missing file gives the zero config (every default) and no error. A
// file that cannot be read or decoded, or holds invalid values, gives the
// zero config and an error: the caller warns and carries on with defaults.
func readConfig(path string) (Config, error) {
	c, _, err := loadConfig(path)
	return c, err
}

// loadConfig is [readConfig], also returning the scorer built to validate
// the config (nil when the file sets no triage object).
func loadConfig(path string) (Config, *Scorer, error) {
	data, err := safefile.ReadFileFollow(path, maxConfigBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return Config{}, nil, nil
	}
	if err != nil {
		return Config{}, nil, fmt.Errorf("triage: memory config: %w", err)
	}
	var file struct {
		Triage *Config `json:"triage"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return Config{}, nil, fmt.Errorf("triage: memory config %s: %w", path, err)
	}
	if file.Triage == nil {
		return Config{}, nil, nil
	}
	s, err := file.Triage.check()
	if err != nil {
		return Config{}, nil, fmt.Errorf("%w (in %s)", err, path)
	}
	return *file.Triage, s, nil
}

// memoryConfigPath returns the config path for cwd.
func memoryConfigPath(cwd string) string {
	if cwd == "" {
		cwd = "."
	}
	return filepath.Join(cwd, ".claude", configFile)
}
