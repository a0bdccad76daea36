package triage

import (
	"context"
	"errors"
	"fmt"
	"github.com/stophook/stophook/llm"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/safefile"
	"github.com/stophook/stophook/transcript"
)

// loopFlagFile is the loop-guard file MemoryTriage keeps in <cwd>/.claude/ for
// hosts that do not send stop_hook_active.
const loopFlagFile = ".stop_hook_active"

// llmAttempts is how often the model is asked before falling back.
const llmAttempts = 2

// llmReserve is the part of the hook's budget the model never uses:
// its timeout ends this long before the budget does.
const llmReserve = 3 * time.Second

// MemoryTriage asks the agent to save what is worth remembering before it
// stops: decisions, runbooks, constraints, tech debt, preferences, and a
// summary of heavy sessions. As a [stophook.Policy]:
//
//  1. Loop guard: on a stop with stop_hook_active, or when the flag file
//     <cwd>/.claude/.stop_hook_active exists, it removes the flag and lets
//     the session stop. When it blocks, it creates the flag.
//  2. It reads the transcript backwards to the current turn's prompt (the
//     whole turn, at most MaxTranscriptMessages messages) and adds
//     last_assistant_message when the transcript lags behind it.
//  3. A Scorer scores the turn; nothing above the threshold → pass.
//  4. In hybrid mode with an LLM available, the model refines the
//     findings (one retry); any failure keeps the heuristic findings.
//  5. It blocks with the "Save the following memories…" reason, or,
//     with blocking false, lets the session stop and shows the list to the
//     user (systemMessage).
//
// Every error fails open: a missing transcript leaves the last message
// to score, a bad config means defaults, a dead LLM means heuristics. Only
// Stop events are triaged; others pass.
type MemoryTriage struct {
	// Config, when non-nil, is used as is and no config file is read.
	Config *Config
	// ConfigPath is the memory-config.json to read; "" means
	// <cwd>/.claude/memory-config.json.
	ConfigPath string
	// Mode, when set (ModeHybrid or ModeHeuristic), replaces the mode of
	// the configuration.
	Mode string
	// Model refines findings in hybrid mode; nil means the provider the
	// config's llm_provider names in Providers.
	Model llm.Model
	// Providers maps llm_provider names (case-insensitive) to the
	// constructors of their models; nil means none, and triage is then
	// heuristic only. A hook wires the built-in ones with
	// provider.All() from github.com/stophook/stophook/llm/provider.
	// A constructor's error (typically: no API key) makes triage
	// heuristic only, without a warning; it may be called concurrently.
	Providers map[string]func() (llm.Model, error)
	// Logger receives warnings; nil means slog.Default().
	Logger *slog.Logger
	// Store, when set, keeps the loop guard's flag (under
	// "memory-triage/flag/<session_id>") instead of the flag file in
	// <cwd>/.claude: a hook given a state store (-store, -state) writes
	// nothing in the project. When the Store fails, Evaluate returns its
	// error (the stop is let through) instead of triaging without the
	// guard.
	Store stophook.Store

	scorers scorerCache
}

var _ stophook.Policy = (*MemoryTriage)(nil)

// Name implements the optional name interface of [stophook.PolicyName].
func (*MemoryTriage) Name() string { return "MemoryTriage" }

// Evaluate implements [stophook.Policy].
func (p *MemoryTriage) Evaluate(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
	if in.HookEventName != stophook.EventStop {
		return stophook.PassOn("not a Stop"), nil
	}
	if d, ok, err := p.guard(ctx, in); ok || err != nil {
		return d, err
	}
	cfg, built := p.config(ctx, in.CWD)
	scorer, err := p.scorers.get(cfg, built)
	if err != nil {
		p.warn(ctx, "memory triage: bad cues, using defaults", err)
		cfg = Config{Blocking: cfg.Blocking}
		if scorer, err = p.scorers.get(cfg, nil); err != nil {
			return stophook.Decision{}, err
		}
	}
	msgs := p.read(ctx, in, cfg.maxMessages())
	turn := withLast(currentTurn(msgs), in.LastAssistantMessage) // msgs is the turn already; Turn keeps it
	res := scorer.score(turn)
	hybrid := cfg.Mode != ModeHeuristic
	if !res.strong() && !(hybrid && (len(res.Ungrounded) > 0 || cfg.LLMMinScore > 0 && bestText(res) >= cfg.LLMMinScore)) {
		return stophook.PassOn("nothing to save: " + bestScores(res)), nil
	}
	findings, how := res.Findings, "heuristic"
	if hybrid {
		if refined, why, ok := p.refine(ctx, cfg, res, turn); ok {
			findings, how = refined, "llm"
		} else if why != "" {
			how = "heuristic (" + why + ")"
		}
	}
	if len(findings) == 0 {
		return stophook.PassOn(how + ": nothing worth saving (heuristic: " + bestScores(res) + ")"), nil
	}
	why := fmt.Sprintf("%s: %d to save: %s", how, len(findings), categories(findings))
	if !cfg.isBlocking() {
		d := stophook.AllowStop(why + " (blocking off: reported)")
		d.SystemMessage = userReport(findings)
		return d, nil
	}
	if err := p.raise(ctx, in); err != nil {
		if p.Store != nil {
			return stophook.Decision{}, errStore(err)
		}
		p.warn(ctx, "memory triage: cannot create the loop-guard flag", err)
	}
	d := stophook.BlockWith(blockReason(findings))
	d.Why = why
	return d, nil
}

// loopGuard lets the stop through on stop_hook_active or when the flag
// file is present, removing the flag. A flag holding another session's id
// is stale (that session never came back to stop): it is removed and the
// stop is triaged. Only a regular file counts as the flag: a symlink or a
// FIFO planted under its name (a cloned repository can hold either) is
// removed, never followed or waited on.
func (p *MemoryTriage) loopGuard(in stophook.Input) (stophook.Decision, bool) {
	flag := flagPath(in.CWD)
	if in.StopHookActive {
		os.Remove(flag)
		return stophook.PassOn("stop_hook_active: memories were already requested this turn"), true
	}
	data, err := safefile.ReadFile(flag, 256) // a session id, or junk
	if errors.Is(err, safefile.ErrTooLarge) {
		data, err = nil, nil
	}
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			os.Remove(flag)
		}
		return stophook.Decision{}, false
	}
	os.Remove(flag)
	owner := strings.TrimSpace(string(data))
	if owner != "" && in.SessionID != "" && owner != in.SessionID {
		return stophook.Decision{}, false
	}
	return stophook.PassOn("flag file " + loopFlagFile + " present: memories were already requested"), true
}

// setFlag creates the flag file holding the session id.
func (p *MemoryTriage) setFlag(in stophook.Input) error {
	flag := flagPath(in.CWD)
	if _, err := os.Stat(filepath.Dir(filepath.Dir(flag))); err != nil {
		return fmt.Errorf("memory triage: project directory: %w", err) // never create a missing cwd
	}
	if err := os.MkdirAll(filepath.Dir(flag), 0o755); err != nil {
		return err
	}
	return safefile.WriteFile(flag, []byte(in.SessionID+"\n"), 0o644) // a marker: no need to sync
}

func flagPath(cwd string) string {
	if cwd == "" {
		cwd = "."
	}
	return filepath.Join(cwd, ".claude", loopFlagFile)
}

// config returns the configuration, warning about a bad file.
// config returns the configuration, and the scorer built to validate a
// config file (nil when there is none).
func (p *MemoryTriage) config(ctx context.Context, cwd string) (cfg Config, built *Scorer) {
	if p.Config != nil {
		cfg = *p.Config
	} else {
		path := p.ConfigPath
		if path == "" {
			path = memoryConfigPath(cwd)
		}
		var err error
		if cfg, built, err = loadConfig(path); err != nil {
			p.warn(ctx, "memory triage: config ignored, using defaults", err)
		}
	}
	if p.Mode != "" {
		cfg.Mode = p.Mode
	}
	return cfg, built
}

// read returns the current turn among the last n messages of the
// transcript (Turn of its tail), or nil with a warning. It reads
// backwards and stops at the turn's prompt: earlier messages would only
// be decoded to be dropped.
func (p *MemoryTriage) read(ctx context.Context, in stophook.Input, n int) []transcript.Message {
	if in.TranscriptPath == "" {
		return nil
	}
	var msgs []transcript.Message
	for m, err := range transcript.Backward(in.TranscriptPath) {
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) { // a missing file is normal at the first stop
				p.warn(ctx, "memory triage: transcript unreadable, scoring the last message only", err)
			}
			return nil
		}
		msgs = append(msgs, m)
		if len(msgs) == n || startsTurn(m) {
			break
		}
	}
	slices.Reverse(msgs)
	return msgs
}

// refine asks the model to confirm the findings. ok is false, with
// why saying why, when there is no model or every attempt failed.
func (p *MemoryTriage) refine(ctx context.Context, cfg Config, res scoreResult, turn []transcript.Message) (findings []Finding, why string, ok bool) {
	c := p.Model
	if c == nil {
		var unknown bool
		c, why, unknown = modelFor(p.Providers, cfg.LLMProvider)
		if unknown {
			p.warn(ctx, "memory triage: "+why, nil)
		}
		if c == nil {
			return nil, why, false
		}
	}
	timeout := cfg.llmTimeout()
	if deadline, ok := ctx.Deadline(); ok {
		// Keep the end of the hook's budget for the heuristic answer: an
		// llm_timeout_ms above the budget would otherwise let a slow LLM
		// use all of it, and the stop would go through unexamined.
		timeout = min(timeout, time.Until(deadline)-llmReserve)
	}
	if timeout <= 0 {
		return nil, "no time left for the llm", false
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	prompt := refinePrompt(res, excerpt(turn, 0))
	var errs []error
	for range llmAttempts {
		answer, err := c.Complete(ctx, systemPrompt, prompt)
		if err == nil {
			findings, err = parseAnswer(answer)
		}
		if err == nil {
			return findings, "", true
		}
		errs = append(errs, err)
		if ctx.Err() != nil {
			break
		}
	}
	err := errors.Join(errs...)
	p.warn(ctx, "memory triage: llm failed, using heuristic findings", err)
	return nil, "llm failed", false
}

func (p *MemoryTriage) warn(ctx context.Context, msg string, err error) {
	l := p.Logger
	if l == nil {
		l = slog.Default()
	}
	if err != nil {
		l.LogAttrs(ctx, slog.LevelWarn, msg, slog.String("error", err.Error()))
		return
	}
	l.LogAttrs(ctx, slog.LevelWarn, msg)
}

// bestText returns the best score of the text categories.
func bestText(res scoreResult) float64 {
	var best float64
	for c, v := range res.Best {
		if c != catSessionSummary {
			best = max(best, v)
		}
	}
	return best
}

// bestScores formats the best score of each category for traces.
func bestScores(res scoreResult) string {
	keys := make([]string, 0, len(res.Best))
	for c := range res.Best {
		keys = append(keys, string(c))
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %.2f", k, res.Best[categoryName(k)]))
	}
	return strings.Join(parts, ", ")
}

// categories formats findings for traces: "DECISION 0.85, TECH_DEBT 0.60".
func categories(fs []Finding) string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s %.2f", f.Category, f.Score))
	}
	return strings.Join(out, ", ")
}
