package triage

import (
	"encoding/json"
	"strings"

	"github.com/stophook/stophook/internal/clientblock"
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
// by that program, not an account of the turn to a person.
func machineAnswer(text string) bool {
	t := strings.TrimSpace(text)
	if len(t) < 2 || !(t[0] == '{' && t[len(t)-1] == '}' || t[0] == '[' && t[len(t)-1] == ']') {
		return false
	}
	return json.Valid([]byte(t))
}
