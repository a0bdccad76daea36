package triage

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/stophook/stophook/internal/textcut"
)

// An answered question is a decision the user made in the middle of a
// turn: the agent asked through its question tool (Claude Code's
// AskUserQuestion: "Fresh copy or keep the history?") and the user picked
// an answer. The client writes the answer back as the tool's result —
// `User has answered your questions: "Q"="A", …` — so no prose of the turn
// holds it, and tool output is not scored; read as a pick, it is a
// DECISION.

// askTools are the names of the hosts' question tools: Claude Code's
// AskUserQuestion, Copilot CLI's ask_user and Codex's request_user_input.
// Only the result of a call of
// one of them is read as the user's answer: any other tool's output (a
// command's, a file's) could be made to look like one.
var askTools = []string{"AskUserQuestion", "ask_user", "request_user_input"}

// answeredQuestion matches the first question and answer of such a tool
// result (Claude Code); answeredPick matches Copilot CLI's, which gives
// the answer alone ("User selected: Keep auto-merge …", "User responded:
// …").
var (
	answeredQuestion = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^\s*(?:User has answered your questions?|The user answered):\s*"([^"]{1,500})"\s*=\s*"([^"]{1,300})"`)
	})
	answeredPick = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^\s*User (?:selected|responded):\s*(\S[^\n]{0,299})`)
	})
)

// answered returns the finding text of a tool result that carries the
// user's answer to the agent's question ("Q — A"), or "".
func answered(result string) string {
	if head := result[:min(len(result), 80)]; !strings.Contains(head, "answer") && !strings.Contains(head, "User ") {
		return ""
	}
	if t := strings.TrimSpace(result); strings.HasPrefix(t, "{") {
		return answeredJSON(t)
	}
	if m := answeredQuestion().FindStringSubmatch(result); m != nil {
		return clean(m[1] + " — " + m[2])
	}
	if m := answeredPick().FindStringSubmatch(result); m != nil {
		return clean(m[1])
	}
	return ""
}

// answeredJSON reads Codex's answer to request_user_input, a JSON object
// of the questions' ids and the options picked —
// {"answers":{"ingress_model":{"answers":["One public service"]}}} — as
// "ingress model — One public service", the first question by id; "" when
// it holds no answer.
func answeredJSON(result string) string {
	var r struct {
		Answers map[string]struct {
			Answers []string `json:"answers"`
		} `json:"answers"`
	}
	if len(result) > maxAnswerJSON || json.Unmarshal([]byte(result), &r) != nil {
		return ""
	}
	ids := make([]string, 0, len(r.Answers))
	for id, a := range r.Answers {
		if len(a.Answers) > 0 && strings.TrimSpace(a.Answers[0]) != "" {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return ""
	}
	slices.Sort(ids)
	a := r.Answers[ids[0]].Answers[0]
	return clean(strings.ReplaceAll(ids[0], "_", " ") + " — " + textcut.Bytes(a, 300))
}

// maxAnswerJSON bounds the answer read: the picks of a few questions.
const maxAnswerJSON = 16 << 10
