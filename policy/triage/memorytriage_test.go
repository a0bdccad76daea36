package triage

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/stophook/stophook/llm/provider"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/stophooktest"
)

const (
	decisionAndTODO = "Done. I went with SQLite instead of Redis because the service ships as a single binary.\n\n" +
		"TODO: add a retention limit before launch."
	wantReason = "Save the following memories before stopping:\n" +
		"- [DECISION] I went with SQLite instead of Redis because the service ships as a single binary.\n" +
		"- [TECH_DEBT] TODO: add a retention limit before launch.\n" +
		"\n" +
		"Use the memory-management skill to save each item.\n" +
		"After saving, you may stop."
	plain = "All tests pass. I renamed the variable as asked."
)

// stop returns a Stop input in a fresh project directory.
func stop(t *testing.T, last string) stophook.Input {
	t.Helper()
	in := stophooktest.Stop(last)
	in.CWD = t.TempDir()
	in.TranscriptPath = filepath.Join(in.CWD, "missing.jsonl")
	return in
}

func flagFile(in stophook.Input) string { return filepath.Join(in.CWD, ".claude", loopFlagFile) }

func writeConfig(t *testing.T, cwd, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(cwd, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cwd, ".claude", configFile), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// logged returns a MemoryTriage logging into a buffer.
func logged(p *MemoryTriage) (*MemoryTriage, *bytes.Buffer) {
	var buf bytes.Buffer
	p.Logger = slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelWarn}))
	return p, &buf
}

func evaluate(t *testing.T, p stophook.Policy, in stophook.Input) stophook.Decision {
	t.Helper()
	d, err := p.Evaluate(context.Background(), in)
	if err != nil {
		t.Fatalf("Evaluate: %v (policies fail open; MemoryTriage reports no errors)", err)
	}
	return d
}

func TestMemoryTriageBlocksWithTheSeedFormat(t *testing.T) {
	t.Parallel()
	in := stop(t, decisionAndTODO)
	p, logs := logged(&MemoryTriage{})
	d := evaluate(t, p, in)
	stophooktest.AssertBlocks(t, d, wantReason)
	data, err := os.ReadFile(flagFile(in))
	if err != nil || strings.TrimSpace(string(data)) != in.SessionID {
		t.Errorf("flag file: got %q, %v; want the session id", data, err)
	}
	if logs.Len() != 0 {
		t.Errorf("a missing transcript is normal at the first stop, got warnings:\n%s", logs)
	}
}

func TestMemoryTriageFlagRoundTrip(t *testing.T) {
	t.Parallel()
	in := stop(t, decisionAndTODO)
	p := &MemoryTriage{}
	stophooktest.AssertBlocks(t, evaluate(t, p, in), "")
	// A host without stop_hook_active: the flag lets the next stop through.
	d := evaluate(t, p, in)
	if d.Verdict != stophook.Pass || !strings.Contains(d.Why, "flag file") {
		t.Errorf("second stop: got %s (%s), want pass by the flag", d.Verdict, d.Why)
	}
	if _, err := os.Stat(flagFile(in)); !os.IsNotExist(err) {
		t.Errorf("flag not removed: %v", err)
	}
	// The flag is gone: the next stop is triaged again.
	stophooktest.AssertBlocks(t, evaluate(t, p, in), "")
	// Claude Code sends stop_hook_active: pass and remove the flag.
	in.StopHookActive = true
	d = evaluate(t, p, in)
	if d.Verdict != stophook.Pass || !strings.Contains(d.Why, "stop_hook_active") {
		t.Errorf("stop_hook_active: got %s (%s), want pass", d.Verdict, d.Why)
	}
	if _, err := os.Stat(flagFile(in)); !os.IsNotExist(err) {
		t.Errorf("flag not removed on stop_hook_active: %v", err)
	}
}

func TestMemoryTriageStaleFlagOfAnotherSession(t *testing.T) {
	t.Parallel()
	in := stop(t, decisionAndTODO)
	if err := os.MkdirAll(filepath.Dir(flagFile(in)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(flagFile(in), []byte("another-session\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stophooktest.AssertBlocks(t, evaluate(t, &MemoryTriage{}, in), wantReason)
	if data, _ := os.ReadFile(flagFile(in)); strings.TrimSpace(string(data)) != in.SessionID {
		t.Errorf("flag: got %q, want it rewritten for this session", data)
	}
}

func TestMemoryTriageNothingToSave(t *testing.T) {
	t.Parallel()
	for name, last := range map[string]string{
		"plain":          plain,
		"empty":          "",
		"decided to run": "I decided to run the tests. They pass.",
	} {
		in := stop(t, last)
		d := stophooktest.Run(t, in, &MemoryTriage{})
		stophooktest.AssertStops(t, d)
		if _, err := os.Stat(flagFile(in)); !os.IsNotExist(err) {
			t.Errorf("%s: flag created without a block", name)
		}
	}
}

func TestMemoryTriageOtherEventsPass(t *testing.T) {
	t.Parallel()
	for _, in := range []stophook.Input{stophooktest.SubagentStop(decisionAndTODO), stophooktest.SessionStart("startup")} {
		in.CWD = t.TempDir()
		if d := evaluate(t, &MemoryTriage{}, in); d.Verdict != stophook.Pass {
			t.Errorf("%s: got %s, want pass", in.HookEventName, d.Verdict)
		}
	}
}

func TestMemoryTriageNonBlockingReports(t *testing.T) {
	t.Parallel()
	in := stop(t, decisionAndTODO)
	writeConfig(t, in.CWD, `{"triage":{"blocking":false}}`)
	d := stophooktest.Run(t, in, &MemoryTriage{})
	stophooktest.AssertStops(t, d)
	if d.Verdict != stophook.Allow || !strings.Contains(d.SystemMessage, "- [DECISION] ") || !strings.Contains(d.SystemMessage, "- [TECH_DEBT] ") {
		t.Errorf("got %s with systemMessage %q, want allow with the list", d.Verdict, d.SystemMessage)
	}
	if _, err := os.Stat(flagFile(in)); !os.IsNotExist(err) {
		t.Error("flag created without a block")
	}
}

func TestMemoryTriageConfig(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		config string // "" means no file
		last   string
		blocks bool
		warn   string
	}{
		{"no file: defaults", "", decisionAndTODO, true, ""},
		{"no triage object: defaults", `{"other":1}`, decisionAndTODO, true, ""},
		{"malformed: defaults and a warning", `{"triage":`, decisionAndTODO, true, "config ignored"},
		{"bad mode: defaults and a warning", `{"triage":{"mode":"magic","blocking":false}}`, decisionAndTODO, true, "config ignored"},
		{"bad threshold: defaults and a warning", `{"triage":{"heuristic_threshold":7}}`, decisionAndTODO, true, "config ignored"},
		{"bad cue: defaults and a warning", `{"triage":{"cues":{"DECISION":[{"pattern":"(","weight":1}]}}}`, decisionAndTODO, true, "config ignored"},
		{"higher threshold", `{"triage":{"heuristic_threshold":0.95}}`, decisionAndTODO, false, ""},
		{"lower threshold", `{"triage":{"heuristic_threshold":0.3}}`, "I decided to use Redis.", true, ""},
		{"custom category", `{"triage":{"cues":{"security":[{"pattern":"credentials?","weight":0.7}]}}}`, "Never log credentials.", true, ""},
		{"cues replaced", `{"triage":{"cues":{"TECH_DEBT":[{"pattern":"nothing-matches-this","weight":1}],"DECISION":[]}}}`, decisionAndTODO, false, ""},
		{"unknown provider warns", `{"triage":{"mode":"hybrid","llm_provider":"oracle"}}`, decisionAndTODO, true, "unknown llm_provider"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			in := stop(t, tt.last)
			if tt.config != "" {
				writeConfig(t, in.CWD, tt.config)
			}
			p, logs := logged(&MemoryTriage{})
			d := evaluate(t, p, in)
			if d.Blocks() != tt.blocks {
				t.Errorf("got %s (%s), want blocks=%v", d.Verdict, d.Why, tt.blocks)
			}
			if tt.warn == "" && logs.Len() > 0 || !strings.Contains(logs.String(), tt.warn) {
				t.Errorf("got warnings %q, want %q", logs, tt.warn)
			}
		})
	}
}

func TestMemoryTriageConfigPathAndStruct(t *testing.T) {
	t.Parallel()
	in := stop(t, decisionAndTODO)
	path := filepath.Join(t.TempDir(), "elsewhere.json")
	if err := os.WriteFile(path, []byte(`{"triage":{"heuristic_threshold":0.95}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	writeConfig(t, in.CWD, `{"triage":{"heuristic_threshold":0.1}}`) // ignored: ConfigPath wins
	if d := evaluate(t, &MemoryTriage{ConfigPath: path}, in); d.Blocks() {
		t.Errorf("ConfigPath: got block, want the 0.95 threshold from %s", path)
	}
	if d := evaluate(t, &MemoryTriage{Config: &Config{HeuristicThreshold: 0.95}}, in); d.Blocks() {
		t.Error("Config: got block, want the 0.95 threshold")
	}
}

func TestMemoryTriageReadsTheTranscript(t *testing.T) {
	t.Parallel()
	in := stop(t, "")
	in.TranscriptPath = filepath.Join("testdata", "corpus", "mixed_runbook_constraint.jsonl")
	// A lesson and a limit in the agent's prose alone ground nothing
	// (grounded.go): with "grounded" the turn may stop.
	if d := evaluate(t, &MemoryTriage{Config: &Config{Grounded: true}}, in); d.Blocks() {
		t.Errorf("grounded: got block (%s), want pass: the agent's prose alone", d.Reason)
	}
	d := evaluate(t, &MemoryTriage{}, in)
	stophooktest.AssertBlocks(t, d, "")
	for _, want := range []string{"- [RUNBOOK] The root cause was the ingress default body size", "- [CONSTRAINT] Note that Cloudflare"} {
		if !strings.Contains(d.Reason, want) {
			t.Errorf("reason lacks %q:\n%s", want, d.Reason)
		}
	}
	// The tail lacks the final reply: last_assistant_message adds it.
	in = stop(t, decisionAndTODO)
	in.TranscriptPath = filepath.Join("testdata", "corpus", "neg_rename.jsonl")
	stophooktest.AssertBlocks(t, evaluate(t, &MemoryTriage{}, in), "")
	// Earlier turns are not triaged again.
	in = stop(t, "Bumped the version to 1.4.0 in `version.go`.")
	in.TranscriptPath = filepath.Join("testdata", "corpus", "neg_earlier_turn.jsonl")
	if d := evaluate(t, &MemoryTriage{}, in); d.Blocks() {
		t.Errorf("earlier turn triaged again: %s", d.Reason)
	}
}

func TestMemoryTriageUnreadableTranscript(t *testing.T) {
	t.Parallel()
	in := stop(t, decisionAndTODO)
	in.TranscriptPath = in.CWD // a directory
	p, logs := logged(&MemoryTriage{})
	stophooktest.AssertBlocks(t, evaluate(t, p, in), wantReason)
	if !strings.Contains(logs.String(), "transcript unreadable") {
		t.Errorf("got warnings %q, want one about the transcript", logs)
	}
	in = stop(t, plain)
	in.TranscriptPath = in.CWD
	p, _ = logged(&MemoryTriage{})
	stophooktest.AssertStops(t, stophooktest.Run(t, in, p))
}

// fakeClassifier answers with answers in turn (the last one repeats).
type fakeClassifier struct {
	answers []string
	err     error
	block   bool // wait for ctx to end
	calls   atomic.Int32
	prompt  atomic.Value
}

func (f *fakeClassifier) Complete(ctx context.Context, system, prompt string) (string, error) {
	n := int(f.calls.Add(1))
	f.prompt.Store(prompt)
	if f.block {
		<-ctx.Done()
		return "", ctx.Err()
	}
	if f.err != nil {
		return "", f.err
	}
	return f.answers[min(n, len(f.answers))-1], nil
}

func TestMemoryTriageClassifier(t *testing.T) {
	t.Parallel()
	refined := `{"memories":[{"category":"DECISION","text":"SQLite over Redis: single binary"}]}`
	tests := []struct {
		name      string
		fake      *fakeClassifier
		config    string
		last      string
		wantCalls int32
		want      string // reason; "" means no block
		warn      string
	}{
		{"refined", &fakeClassifier{answers: []string{refined}}, "", decisionAndTODO, 1,
			"Save the following memories before stopping:\n- [DECISION] SQLite over Redis: single binary\n\nUse the memory-management skill to save each item.\nAfter saving, you may stop.", ""},
		{"llm says nothing", &fakeClassifier{answers: []string{`{"memories":[]}`}}, "", decisionAndTODO, 1, "", ""},
		{"garbage then good: one retry", &fakeClassifier{answers: []string{"no idea", refined}}, "", decisionAndTODO, 2, "- [DECISION] SQLite over Redis", ""},
		{"garbage: heuristic result", &fakeClassifier{answers: []string{"<html>oops</html>"}}, "", decisionAndTODO, 2, wantReason, "llm failed"},
		{"error: heuristic result", &fakeClassifier{err: io.ErrUnexpectedEOF}, "", decisionAndTODO, 2, wantReason, "llm failed"},
		{"timeout: heuristic result", &fakeClassifier{block: true}, `{"triage":{"llm_timeout_ms":30}}`, decisionAndTODO, 1, wantReason, "llm failed"},
		{"heuristic mode: not asked", &fakeClassifier{answers: []string{refined}}, `{"triage":{"mode":"heuristic"}}`, decisionAndTODO, 0, wantReason, ""},
		{"no signal: not asked", &fakeClassifier{answers: []string{refined}}, "", plain, 0, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			in := stop(t, tt.last)
			if tt.config != "" {
				writeConfig(t, in.CWD, tt.config)
			}
			p, logs := logged(&MemoryTriage{Model: tt.fake})
			d := evaluate(t, p, in)
			switch {
			case tt.want == "" && d.Blocks():
				t.Errorf("got block %q, want none", d.Reason)
			case tt.want != "" && !strings.Contains(d.Reason, tt.want):
				t.Errorf("got reason %q (%s), want %q", d.Reason, d.Why, tt.want)
			}
			if got := tt.fake.calls.Load(); got != tt.wantCalls {
				t.Errorf("got %d calls, want %d", got, tt.wantCalls)
			}
			if tt.warn == "" && logs.Len() > 0 || !strings.Contains(logs.String(), tt.warn) {
				t.Errorf("got warnings %q, want %q", logs, tt.warn)
			}
		})
	}
}

func TestMemoryTriageLLMMinScore(t *testing.T) {
	t.Parallel()
	const weak = "The export writes Parquet instead of CSV now." // DECISION 0.25
	answer := `{"memories":[{"category":"DECISION","text":"Exports use Parquet, not CSV"}]}`
	tests := []struct {
		name      string
		config    string
		fake      *fakeClassifier
		wantCalls int32
		blocks    bool
	}{
		{"off by default", `{"triage":{}}`, &fakeClassifier{answers: []string{answer}}, 0, false},
		{"below the gate", `{"triage":{"llm_min_score":0.3}}`, &fakeClassifier{answers: []string{answer}}, 0, false},
		{"at the gate", `{"triage":{"llm_min_score":0.2}}`, &fakeClassifier{answers: []string{answer}}, 1, true},
		{"heuristic mode ignores it", `{"triage":{"llm_min_score":0.2,"mode":"heuristic"}}`, &fakeClassifier{answers: []string{answer}}, 0, false},
		{"llm failure: nothing", `{"triage":{"llm_min_score":0.2}}`, &fakeClassifier{answers: []string{"??"}}, 2, false},
		{"llm says nothing", `{"triage":{"llm_min_score":0.2}}`, &fakeClassifier{answers: []string{`{"memories":[]}`}}, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			in := stop(t, weak)
			writeConfig(t, in.CWD, tt.config)
			p, _ := logged(&MemoryTriage{Model: tt.fake})
			d := evaluate(t, p, in)
			if d.Blocks() != tt.blocks || tt.fake.calls.Load() != tt.wantCalls {
				t.Errorf("got blocks=%v (%s) after %d calls, want %v after %d", d.Blocks(), d.Why, tt.fake.calls.Load(), tt.blocks, tt.wantCalls)
			}
			if tt.blocks && !strings.Contains(d.Reason, "- [DECISION] Exports use Parquet, not CSV\n") {
				t.Errorf("reason %q", d.Reason)
			}
		})
	}
	if err := (Config{LLMMinScore: 2}).validate(); err == nil {
		t.Error("llm_min_score 2: got no error")
	}
}

func TestMemoryTriageClassifierPrompt(t *testing.T) {
	t.Parallel()
	f := &fakeClassifier{answers: []string{`{"memories":[]}`}}
	evaluate(t, &MemoryTriage{Model: f}, stop(t, decisionAndTODO))
	p, _ := f.prompt.Load().(string)
	for _, want := range []string{"- [DECISION] I went with SQLite", "- [TECH_DEBT] TODO: add a retention limit", "<session>", `{"memories":[]}`} {
		if !strings.Contains(p, want) {
			t.Errorf("prompt lacks %q:\n%s", want, p)
		}
	}
}

// TestMemoryTriageAnthropicProvider runs the "anthropic" provider against a
// fake Messages API.
func TestMemoryTriageAnthropicProvider(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		var req struct {
			System   string `json:"system"`
			Messages []struct {
				Content string `json:"content"`
			} `json:"messages"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || r.Header.Get("x-api-key") != "test-key" ||
			len(req.Messages) != 1 || !strings.Contains(req.Messages[0].Content, "<session>") {
			http.Error(w, `{"type":"error","error":{"type":"invalid_request_error","message":"bad"}}`, http.StatusBadRequest)
			return
		}
		w.Header().Set("content-type", "application/json")
		io.WriteString(w, `{"type":"message","role":"assistant","content":[{"type":"text","text":"{\"memories\":[{\"category\":\"TECH_DEBT\",\"text\":\"Add a retention limit\"}]}"}],"stop_reason":"end_turn"}`)
	}))
	defer srv.Close()
	t.Setenv("ANTHROPIC_BASE_URL", srv.URL)
	cfg := `{"triage":{"mode":"hybrid","llm_provider":"anthropic"}}`

	t.Setenv("ANTHROPIC_API_KEY", "")
	in := stop(t, decisionAndTODO)
	writeConfig(t, in.CWD, cfg)
	p, logs := logged(&MemoryTriage{Providers: provider.All()})
	stophooktest.AssertBlocks(t, evaluate(t, p, in), wantReason)
	if calls.Load() != 0 || logs.Len() != 0 {
		t.Errorf("no key: got %d calls, warnings %q; want heuristic only, quietly", calls.Load(), logs)
	}

	t.Setenv("ANTHROPIC_API_KEY", "test-key")
	in = stop(t, decisionAndTODO)
	writeConfig(t, in.CWD, cfg)
	d := evaluate(t, &MemoryTriage{Providers: provider.All()}, in)
	if !strings.Contains(d.Reason, "- [TECH_DEBT] Add a retention limit\n") || calls.Load() != 1 {
		t.Errorf("with key: got %d calls, reason %q", calls.Load(), d.Reason)
	}
}

// TestMemoryTriageGeminiProvider runs the "gemini-flash" provider against
// a fake generateContent endpoint.
func TestMemoryTriageGeminiProvider(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if r.Header.Get("x-goog-api-key") != "g-key" || !strings.HasSuffix(r.URL.Path, ":generateContent") {
			http.Error(w, `{"error":{"status":"PERMISSION_DENIED","message":"bad"}}`, http.StatusForbidden)
			return
		}
		io.WriteString(w, `{"candidates":[{"content":{"parts":[{"text":"{\"memories\":[{\"category\":\"DECISION\",\"text\":\"SQLite over Redis\"}]}"}]}}]}`)
	}))
	defer srv.Close()
	t.Setenv("GEMINI_BASE_URL", srv.URL)
	t.Setenv("GOOGLE_API_KEY", "")
	t.Setenv("GEMINI_API_KEY", "g-key")
	in := stop(t, decisionAndTODO)
	writeConfig(t, in.CWD, `{"triage":{"llm_provider":"gemini-flash"}}`)
	d := evaluate(t, &MemoryTriage{Providers: provider.All()}, in)
	if !strings.Contains(d.Reason, "- [DECISION] SQLite over Redis\n") || calls.Load() != 1 {
		t.Errorf("got %d calls, reason %q", calls.Load(), d.Reason)
	}

	t.Setenv("GEMINI_API_KEY", "")
	in = stop(t, decisionAndTODO)
	writeConfig(t, in.CWD, `{"triage":{"llm_provider":"gemini"}}`)
	p, logs := logged(&MemoryTriage{Providers: provider.All()})
	stophooktest.AssertBlocks(t, evaluate(t, p, in), wantReason)
	if calls.Load() != 1 || logs.Len() != 0 {
		t.Errorf("no key: got %d calls, warnings %q; want heuristic only, quietly", calls.Load(), logs)
	}
}

// FuzzLoadConfig checks that any config file loads without panic,
// and that a config that loads without error builds a scorer.
func FuzzLoadConfig(f *testing.F) {
	f.Add(`{"triage":{"mode":"hybrid","max_transcript_messages":50,"heuristic_threshold":0.6,"llm_provider":"anthropic","llm_timeout_ms":10000,"blocking":true}}`)
	f.Add(`{"triage":{"cues":{"DECISION":[{"pattern":"(?:a|b)+","weight":-1}]},"session_summary":{"files_modified":-1}}}`)
	f.Add(`{"triage":null}`)
	f.Add(`[]`)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data string) {
		path := filepath.Join(dir, "memory-config.json")
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg, err := readConfig(path)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "triage: ") {
				t.Fatalf("error %q lacks the package prefix", err)
			}
			return
		}
		if _, err := cfg.newScorer(); err != nil {
			t.Fatalf("config loaded without error but its scorer fails: %v", err)
		}
		if cfg.maxMessages() < 1 || cfg.maxMessages() > 5000 || cfg.llmTimeout() <= 0 {
			t.Fatalf("limits out of range: %d messages, %v", cfg.maxMessages(), cfg.llmTimeout())
		}
	})
}

// TestMemoryTriageLLMTimeoutWithinBudget: an llm_timeout_ms longer than
// the hook's budget let a slow LLM use all of it; the budget ran out and
// the stop went through without the findings the heuristics had.
func TestMemoryTriageLLMTimeoutWithinBudget(t *testing.T) {
	t.Parallel()
	in := stop(t, decisionAndTODO)
	writeConfig(t, in.CWD, `{"triage":{"llm_timeout_ms":60000}}`)
	slow := &fakeClassifier{block: true}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)
	defer cancel()
	d := stophook.Evaluate(ctx, &MemoryTriage{Model: slow, Logger: slog.New(slog.DiscardHandler)}, in)
	stophooktest.AssertBlocks(t, d, wantReason)
	if d.Policy == "stophook.deadline" {
		t.Errorf("the budget ran out: %s", d.Why)
	}
}
