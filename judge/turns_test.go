package judge_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stophook/stophook/judge"
	"github.com/stophook/stophook/transcript"
)

// turnCase is one labelled turn end of testdata/turns.jsonl: a real turn
// of a real session, labelled by reading the whole turn, or a real turn
// whose ending was rewritten (Base set; see testdata/README.md).
type turnCase struct {
	ID      string `json:"id"`
	Split   string `json:"split"` // "train" or "holdout"
	Label   string `json:"label"` // "done", "error" or "question"
	Kind    string `json:"kind"`  // "", "permission", "decision", "failed", "claimed_success"
	Agent   string `json:"agent"`
	Turn    int    `json:"turn"` // 1-based turn of the session
	Sha     string `json:"final_sha"`
	Src     string `json:"src"`
	Licence string `json:"licence"`

	// Where the session is: Session in testdata/sessions (gzipped JSONL,
	// long strings cut), Shared under the shared transcripts, Corpus under
	// $STOPHOOK_JUDGE_CORPUS (sessions whose licence does not let them
	// ship). Formats "opencode" and "pi" are sessions the transcript package
	// does not read: only their final message is judged.
	Session string `json:"session"`
	Shared  string `json:"shared"`
	Corpus  string `json:"corpus"`
	Format  string `json:"format"`

	// Rewritten endings: Base names the real case, Append the tool runs
	// added at the end of its turn, Final the final message that replaces
	// the real one; Variant says what the rewrite is ("fails", "claims",
	// "fixed").
	Base    string      `json:"base"`
	Append  []appendRun `json:"append"`
	Final   string      `json:"final"`
	Variant string      `json:"variant"`
	// FinalOf names the harvested sentence (testdata/harvest.jsonl) that is
	// the final message, when it is not shipped: it is read at test time.
	FinalOf string `json:"final_of"`
}

// appendRun is a shell run added to a turn.
type appendRun struct {
	Command string `json:"command"`
	Exit    int    `json:"exit"`
	Output  string `json:"output"`
	// Style picks an older format of the host: "shell" is Codex's shell
	// tool, whose output is JSON with metadata.exit_code.
	Style string `json:"style,omitempty"`
}

// turnResult is a judged case.
type turnResult struct {
	c       turnCase
	v       judge.Verdict // with the transcript (message only for opencode and pi)
	msg     judge.Verdict // the message alone
	midway  bool          // the turn had a failed check before its end
	final   string        // the final message judged
	skipped string        // why the case could not be judged
}

func loadTurnCases(t testing.TB) []turnCase {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "turns.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []turnCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var c turnCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("turns.jsonl: %v", err)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// sessionStore reads and caches session files.
type sessionStore struct {
	dir   string // temp dir for cut transcripts
	mu    sync.Mutex
	lines map[string][][]byte
}

func (s *sessionStore) load(c turnCase) ([][]byte, transcript.Format, error) {
	var p string
	switch {
	case c.Session != "":
		p = filepath.Join("testdata", "sessions", c.Session)
	case c.Shared != "":
		p = filepath.Join(transcriptsDir(), strings.TrimPrefix(c.Shared, "transcripts/"))
	case c.Corpus != "":
		var err error
		if p, err = corpusPath(c.Corpus); err != nil {
			return nil, 0, err
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if l, ok := s.lines[p]; ok {
		return l, formatOf(c.Agent), nil
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, 0, err
	}
	if strings.HasSuffix(p, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, 0, err
		}
		if data, err = io.ReadAll(zr); err != nil {
			return nil, 0, err
		}
	}
	lines := bytes.Split(data, []byte("\n"))
	s.lines[p] = lines
	return lines, formatOf(c.Agent), nil
}

func formatOf(agent string) transcript.Format {
	switch agent {
	case "Codex":
		return transcript.FormatCodex
	case "Copilot CLI":
		return transcript.FormatCopilot
	case "Gemini CLI":
		return transcript.FormatGemini
	case "Cursor":
		return transcript.FormatCursor
	}
	return transcript.FormatClaude
}

// promptLines returns the indexes of the lines that start a turn, as the
// corpus numbers them: it was labelled when a compaction's summary
// (isCompactSummary) still counted as a prompt, so such a line starts a
// turn here too, and a case's turn names the same cut. (The transcript
// package now reads the summary as meta: a turn a compaction cut goes on
// after it.)
func promptLines(lines [][]byte, f transcript.Format) []int {
	var out []int
	for i, l := range lines {
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		if bytes.Contains(l, []byte(`"isCompactSummary":true`)) {
			out = append(out, i)
			continue
		}
		msgs, err := transcript.Options{Format: f}.TailReader(bytes.NewReader(l), int64(len(l)), 8)
		if err != nil {
			continue
		}
		for _, m := range msgs {
			if m.IsPrompt() && !m.Sidechain {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// cut writes the transcript as it stood at the end of turn c.Turn, with
// c.Append added, and returns its path.
func (s *sessionStore) cut(c turnCase, lines [][]byte, f transcript.Format) (string, error) {
	starts := promptLines(lines, f)
	if c.Turn < 1 || c.Turn > len(starts) {
		return "", fmt.Errorf("turn %d of %d", c.Turn, len(starts))
	}
	end := len(lines)
	if c.Turn < len(starts) {
		end = starts[c.Turn]
	}
	var b bytes.Buffer
	for _, l := range lines[:end] {
		if len(bytes.TrimSpace(l)) > 0 {
			b.Write(l)
			b.WriteByte('\n')
		}
	}
	for i, r := range c.Append {
		for _, l := range runLines(f, fmt.Sprintf("%s-%d", c.ID, i), r) {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	p := filepath.Join(s.dir, c.ID+".jsonl")
	return p, os.WriteFile(p, b.Bytes(), 0o600)
}

// runLines writes a shell call and its result as host f writes them.
func runLines(f transcript.Format, id string, r appendRun) []string {
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	switch f {
	case transcript.FormatCodex:
		if r.Style == "shell" {
			args, _ := json.Marshal(map[string]any{"command": []string{"bash", "-lc", r.Command}, "workdir": "/home/dev/app"})
			out, _ := json.Marshal(map[string]any{"output": r.Output, "metadata": map[string]any{"exit_code": r.Exit, "duration_seconds": 1.2}})
			return []string{
				js(map[string]any{"type": "response_item", "payload": map[string]any{"type": "function_call", "name": "shell", "arguments": string(args), "call_id": id}}),
				js(map[string]any{"type": "response_item", "payload": map[string]any{"type": "function_call_output", "call_id": id, "output": string(out)}}),
			}
		}
		out := fmt.Sprintf("Chunk ID: %s\nWall time: 1.2 seconds\nProcess exited with code %d\nOutput:\n%s", id, r.Exit, r.Output)
		args, _ := json.Marshal(map[string]any{"cmd": r.Command})
		return []string{
			js(map[string]any{"type": "response_item", "payload": map[string]any{"type": "function_call", "name": "exec_command", "arguments": string(args), "call_id": id}}),
			js(map[string]any{"type": "response_item", "payload": map[string]any{"type": "function_call_output", "call_id": id, "output": out}}),
		}
	case transcript.FormatGemini:
		// Gemini CLI keeps the result in the call: Output, then the exit
		// code when it is not 0; status is "success" whenever the shell ran.
		out := "Output: " + r.Output + "\n"
		if r.Exit != 0 {
			out += fmt.Sprintf("Exit Code: %d\n", r.Exit)
		}
		out += "Process Group PGID: 4242"
		call := map[string]any{"id": "run_shell_command__" + id, "name": "run_shell_command", "args": map[string]any{"command": r.Command},
			"result": []any{map[string]any{"functionResponse": map[string]any{"id": "run_shell_command__" + id, "name": "run_shell_command", "response": map[string]any{"output": out}}}},
			"status": "success", "displayName": "Shell"}
		return []string{js(map[string]any{"id": "g-" + id, "timestamp": "2026-06-11T07:00:00.000Z", "type": "gemini", "content": "", "toolCalls": []any{call}})}
	case transcript.FormatCopilot:
		return []string{
			js(map[string]any{"type": "assistant.message", "data": map[string]any{"messageId": "m-" + id, "content": "", "toolRequests": []any{map[string]any{"toolCallId": id, "name": "bash", "arguments": map[string]any{"command": r.Command}}}}}),
			js(map[string]any{"type": "tool.execution_complete", "data": map[string]any{"toolCallId": id, "success": r.Exit == 0, "result": map[string]any{"content": fmt.Sprintf("%s\n<exited with exit code %d>", r.Output, r.Exit)}}}),
		}
	}
	content := r.Output
	if r.Exit != 0 {
		content = fmt.Sprintf("Exit code %d\n%s", r.Exit, r.Output)
	}
	return []string{
		js(map[string]any{"type": "assistant", "uuid": "a-" + id, "message": map[string]any{"id": "msg-" + id, "role": "assistant", "content": []any{map[string]any{"type": "tool_use", "id": id, "name": "Bash", "input": map[string]any{"command": r.Command}}}}}),
		js(map[string]any{"type": "user", "uuid": "u-" + id, "message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": id, "content": content, "is_error": r.Exit != 0}}}}),
	}
}

// judgeTurns judges every case the way a Stop hook would see it: the
// transcript cut at the turn's end, the final message as
// last_assistant_message.
func judgeTurns(t *testing.T, cases []turnCase) []turnResult {
	t.Helper()
	byID := map[string]turnCase{}
	for _, c := range cases {
		byID[c.ID] = c
	}
	store := &sessionStore{dir: t.TempDir(), lines: map[string][][]byte{}}
	out := make([]turnResult, len(cases))
	var wg sync.WaitGroup
	for i, c := range cases {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = judgeTurn(store, c, byID)
		}()
	}
	wg.Wait()
	return out
}

func judgeTurn(store *sessionStore, c turnCase, byID map[string]turnCase) turnResult {
	r := turnResult{c: c}
	if c.FinalOf != "" {
		if c.Final = harvestText(c.FinalOf); c.Final == "" {
			r.skipped = "harvested sentence " + c.FinalOf + " not at hand: no such file (STOPHOOK_JUDGE_CORPUS)"
			return r
		}
		r.c = c
	}
	src := c
	if c.Base != "" {
		b, ok := byID[c.Base]
		if !ok {
			r.skipped = "no base " + c.Base
			return r
		}
		src = b
		src.ID, src.Append = c.ID, c.Append
	}
	if c.Base == "" && c.Session == "" && c.Shared == "" && c.Corpus == "" && c.Final != "" {
		// A final message alone (hand-written): no transcript.
		r.v = judge.Judge(c.Final, nil)
		r.msg, r.final = r.v, c.Final
		return r
	}
	if src.Format == "opencode" || src.Format == "pi" {
		read := openCodeFinal
		if src.Format == "pi" {
			read = piFinal
		}
		final, err := read(src)
		if err != nil {
			r.skipped = err.Error()
			return r
		}
		if c.Final != "" {
			final = c.Final
		} else if src.Sha != "" && sha(final) != src.Sha {
			r.skipped = "final message does not match final_sha: the turn was cut at the wrong place"
			return r
		}
		r.v = judge.Judge(final, nil)
		r.msg, r.final = r.v, final
		return r
	}
	lines, f, err := store.load(src)
	if err != nil {
		r.skipped = err.Error()
		return r
	}
	p, err := store.cut(src, lines, f)
	if err != nil {
		r.skipped = err.Error()
		return r
	}
	final := c.Final
	if final == "" {
		final, err = transcript.Options{Format: f, Wait: -1}.LastAssistantText("", p)
		if err != nil {
			r.skipped = err.Error()
			return r
		}
		if sha(final) != src.Sha {
			r.skipped = "final message does not match final_sha: the turn was cut at the wrong place"
			return r
		}
	}
	ev, err := judge.Read(p, f)
	if err != nil {
		r.skipped = err.Error()
		return r
	}
	for _, run := range ev.Runs[:max(0, len(ev.Runs)-len(c.Append))] {
		if run.Failed && run.Check != "" {
			r.midway = true
		}
	}
	r.v = judge.Judge(final, ev)
	r.msg, r.final = judge.Classify(final), final
	return r
}

func sha(s string) string {
	r := []rune(strings.TrimSpace(s))
	if len(r) > 300 {
		r = r[:300]
	}
	h := sha1.Sum([]byte(string(r)))
	return hex.EncodeToString(h[:])[:12]
}

// corpusPath is rel's path in $STOPHOOK_JUDGE_CORPUS, the raw sessions
// beside the repository, or os.ErrNotExist when it is not set.
func corpusPath(rel string) (string, error) {
	d := os.Getenv("STOPHOOK_JUDGE_CORPUS")
	if d == "" {
		return "", os.ErrNotExist
	}
	return filepath.Join(d, rel), nil
}

// readCorpus reads rel from $STOPHOOK_JUDGE_CORPUS.
func readCorpus(rel string) ([]byte, error) {
	p, err := corpusPath(rel)
	if err != nil {
		return nil, err
	}
	return os.ReadFile(p)
}

// openCodeDoc is an OpenCode session export, the parts of it the tests
// read.
type openCodeDoc struct {
	Messages []struct {
		Info struct {
			Role string `json:"role"`
		} `json:"info"`
		Parts []struct {
			Type      string `json:"type"`
			Text      string `json:"text"`
			Synthetic bool   `json:"synthetic"`
		} `json:"parts"`
	} `json:"messages"`
}

// openCodeFinal returns the final message of turn c.Turn of an OpenCode
// session export ({"info":…,"messages":[{"info":{"role"},"parts":[…]}]}).
func openCodeFinal(c turnCase) (string, error) {
	data, err := readCorpus(c.Corpus)
	if err != nil {
		return "", err
	}
	var doc openCodeDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		return "", err
	}
	turn, final := 0, ""
	for _, m := range doc.Messages {
		var texts []string
		for _, p := range m.Parts {
			if p.Type == "text" && !p.Synthetic && strings.TrimSpace(p.Text) != "" {
				texts = append(texts, p.Text)
			}
		}
		if len(texts) == 0 {
			continue
		}
		if m.Info.Role == "user" {
			if turn == c.Turn {
				break
			}
			turn++
			continue
		}
		if turn == c.Turn {
			final = strings.Join(texts, "\n")
		}
	}
	if final == "" {
		return "", fmt.Errorf("turn %d has no final message", c.Turn)
	}
	return final, nil
}

// piFinal returns the final message of turn c.Turn of a Pi coding agent
// session (JSON lines; {"type":"message","message":{"role","content"}},
// content a string or a list of parts): the text of the turn's last
// assistant message that has text. A turn starts at a user message with
// text.
func piFinal(c turnCase) (string, error) {
	data, err := readCorpus(c.Corpus)
	if err != nil {
		return "", err
	}
	turn, final := 0, ""
	for _, line := range bytes.Split(data, []byte("\n")) {
		var rec struct {
			Type    string `json:"type"`
			Message struct {
				Role    string          `json:"role"`
				Content json.RawMessage `json:"content"`
			} `json:"message"`
		}
		if json.Unmarshal(line, &rec) != nil || rec.Type != "message" {
			continue
		}
		var texts []string
		var str string
		var parts []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		if json.Unmarshal(rec.Message.Content, &str) == nil && strings.TrimSpace(str) != "" {
			texts = append(texts, str)
		} else if json.Unmarshal(rec.Message.Content, &parts) == nil {
			for _, p := range parts {
				if p.Type == "text" && strings.TrimSpace(p.Text) != "" {
					texts = append(texts, p.Text)
				}
			}
		}
		if len(texts) == 0 {
			continue
		}
		switch rec.Message.Role {
		case "user":
			if turn == c.Turn {
				return finalOrErr(final, c.Turn)
			}
			turn++
		case "assistant":
			if turn == c.Turn {
				final = strings.Join(texts, "\n")
			}
		}
	}
	return finalOrErr(final, c.Turn)
}

func finalOrErr(final string, turn int) (string, error) {
	if final == "" {
		return "", fmt.Errorf("turn %d has no final message", turn)
	}
	return final, nil
}
