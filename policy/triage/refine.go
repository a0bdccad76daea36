package triage

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/stophook/stophook/signals"
	"github.com/stophook/stophook/transcript"
)

// systemPrompt is the system prompt for a classifier refining a heuristic result.
const systemPrompt = "You triage coding-agent sessions for long-term memories. Answer with one JSON object and nothing else."

// maxExcerpt bounds the transcript excerpt sent to a classifier, in bytes.
const maxExcerpt = 12000

// refinePrompt asks a classifier to confirm, correct or drop the heuristic
// findings of res, given an excerpt of the session (see [excerpt]). The
// answer is read by [parseAnswer].
func refinePrompt(res scoreResult, excerpt string) string {
	var b strings.Builder
	b.WriteString(`Decide which memories from this coding session are worth saving for future sessions.
Categories:
- DECISION: a choice made between alternatives, with its reason
- RUNBOOK: how an error or failure was diagnosed and fixed
- CONSTRAINT: a limitation of a tool, API or environment that future work must respect
- TECH_DEBT: work deliberately deferred, TODOs, workarounds to revisit
- PREFERENCE: a convention or preference of the user or project to follow from now on
- SESSION_SUMMARY: a summary of a session with substantial changes

Routine actions (running tests, reading files, small edits) are not memories.
A keyword scan suggested these candidates:
`)
	for _, f := range res.Findings {
		fmt.Fprintf(&b, "- [%s] %s\n", f.Category, f.Text)
	}
	if len(res.Ungrounded) > 0 {
		b.WriteString("These rest on the agent's own report alone, which often describes the code it just wrote rather than a lasting fact; keep one only if a later session needs it and could not get it back from the code:\n")
		for _, f := range res.Ungrounded {
			fmt.Fprintf(&b, "- [%s] %s\n", f.Category, f.Text)
		}
	}
	if len(res.Findings) == 0 && len(res.Ungrounded) == 0 {
		b.WriteString("(none clear enough; judge from the excerpt)\n")
	}
	b.WriteString("\nSession excerpt (most recent last):\n<session>\n")
	b.WriteString(excerpt)
	b.WriteString(`
</session>

Answer with JSON only, in this shape:
{"memories":[{"category":"DECISION","text":"one line saying what to remember"}]}
Keep only real memories; merge duplicates; write each text as one short, self-contained line.
Answer {"memories":[]} when nothing is worth saving.`)
	return b.String()
}

// excerpt renders the prose of msgs (code and meta messages left out) as
// "role: text" paragraphs, keeping the last max bytes (0 means MaxExcerpt).
func excerpt(msgs []transcript.Message, max int) string {
	if max <= 0 {
		max = maxExcerpt
	}
	var b strings.Builder
	for _, m := range msgs {
		if skipped(m) {
			continue
		}
		var parts []string
		if t := strings.Join(signals.Lines(m.Text), " "); t != "" {
			parts = append(parts, t)
		}
		for _, u := range m.ToolUses {
			parts = append(parts, "["+u.String()+"]")
		}
		if len(parts) == 0 {
			continue
		}
		fmt.Fprintf(&b, "%s: %s\n", m.Role, strings.Join(parts, " "))
	}
	s := b.String()
	if len(s) > max {
		s = s[len(s)-max:]
		for len(s) > 0 && !utf8.RuneStart(s[0]) {
			s = s[1:]
		}
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// Answer limits.
const (
	maxAnswerBytes = 64 << 10
	maxAnswerItems = 12
)

// errAnswer reports a classifier answer that cannot be read.
var errAnswer = errors.New("triage: unreadable classifier answer")

// parseAnswer reads a classifier's answer: a JSON object
// {"memories":[{"category":…,"text":…}]}, possibly wrapped in prose or a
// code fence. Categories are matched case-insensitively against
// [allCategories]; items with an unknown category or no text are dropped, the
// text is cleaned to one line, duplicates are merged and at most 12 items
// kept. An empty list is a valid answer (nothing to save). Anything else is
// an error wrapping [errAnswer].
func parseAnswer(answer string) ([]Finding, error) {
	if len(answer) > maxAnswerBytes {
		return nil, fmt.Errorf("%w: %d bytes", errAnswer, len(answer))
	}
	i, j := strings.IndexByte(answer, '{'), strings.LastIndexByte(answer, '}')
	if i < 0 || j < i {
		return nil, fmt.Errorf("%w: no JSON object", errAnswer)
	}
	var a struct {
		Memories *[]struct {
			Category string `json:"category"`
			Text     string `json:"text"`
		} `json:"memories"`
	}
	if err := json.Unmarshal([]byte(answer[i:j+1]), &a); err != nil {
		return nil, fmt.Errorf("%w: %v", errAnswer, err)
	}
	if a.Memories == nil {
		return nil, fmt.Errorf("%w: no \"memories\" list", errAnswer)
	}
	out := []Finding{}
	for _, m := range *a.Memories {
		c, ok := category(m.Category)
		t := clean(m.Text)
		if !ok || t == "" || hasFinding(out, c, t) {
			continue
		}
		out = append(out, Finding{Category: c, Text: t, Score: 1, Role: "classifier"})
		if len(out) == maxAnswerItems {
			break
		}
	}
	if len(out) == 0 && len(*a.Memories) > 0 {
		return nil, fmt.Errorf("%w: no item with a known category and text", errAnswer)
	}
	return out, nil
}

// category maps a name to a known category.
func category(name string) (categoryName, bool) {
	n := strings.ToUpper(strings.TrimSpace(name))
	n = strings.NewReplacer(" ", "_", "-", "_").Replace(n)
	for _, c := range allCategories {
		if string(c) == n {
			return c, true
		}
	}
	return "", false
}

func hasFinding(fs []Finding, c categoryName, t string) bool {
	for _, f := range fs {
		if f.Category == c && strings.EqualFold(f.Text, t) {
			return true
		}
	}
	return false
}
