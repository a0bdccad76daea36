package triage

import (
	"encoding/json"
	"strings"

	"github.com/stophook/stophook/internal/clientblock"
	"github.com/stophook/stophook/transcript"
)

// agentText returns what an assistant message says for the turn: the
// blocks its client writes on its own are blanked (clientblock.Blank), and
// so is a plan Codex proposes in a <proposed_plan> block — a plan the user
// has not taken up yet, which is no memory (a plan the user takes up comes
// back as the next turn's prompt, "PLEASE IMPLEMENT THIS PLAN: …", and is
// read there). Lines and offsets are kept.
func agentText(text string) string {
	return clientblock.BlankTags(clientblock.Blank(text), "proposed_plan")
}

// machineAnswer reports whether text, an assistant message, is a JSON
// document and nothing else: the answer a program asked for (a review's
// {"findings": …}, an automated pipeline's {"changeSummary": …}), read
// by that program, not an account of the turn to a person. The document
// may stand in one fenced code block, and after one short line that
// introduces it ("Empty diff: no change.", then the JSON), as models
// write it when a prompt asks for JSON; prose after it is an account.
func machineAnswer(text string) bool {
	t := strings.TrimSpace(text)
	if head, rest, ok := strings.Cut(t, "\n\n"); ok && len(head) <= maxIntroBytes && !strings.Contains(head, "\n") && !strings.HasPrefix(head, "```") {
		t = strings.TrimSpace(rest) // one short line introducing the document
	}
	if body, ok := strings.CutPrefix(t, "```"); ok {
		nl := strings.IndexByte(body, '\n')
		if nl < 0 || strings.TrimSpace(body[:nl]) != "" && strings.TrimSpace(body[:nl]) != "json" {
			return false
		}
		body, ok = strings.CutSuffix(strings.TrimSpace(body[nl+1:]), "```")
		if !ok {
			return false
		}
		t = strings.TrimSpace(body)
	}
	if len(t) < 2 || !(t[0] == '{' && t[len(t)-1] == '}' || t[0] == '[' && t[len(t)-1] == ']') {
		return false
	}
	return json.Valid([]byte(t))
}

// maxIntroBytes is the longest line machineAnswer takes for an
// introduction to a JSON answer rather than an account of the turn.
const maxIntroBytes = 300

// programCall reports whether msgs, a turn, answers a program: its last
// reply is a machine answer. The prompt of such a turn is the program's
// input (a diff and a roadmap to assess, a schema to fill), and what the
// turn finds goes back to the program: none of it is the session's memory.
func programCall(msgs []transcript.Message) bool {
	for i := len(msgs) - 1; i >= 0; i-- {
		if m := msgs[i]; m.Role == "assistant" && !m.IsMeta && strings.TrimSpace(m.Text) != "" {
			return machineAnswer(m.Text)
		}
	}
	return false
}
