package triage

import (
	"regexp"
	"strings"
	"sync"
)

// An answered question is a decision the user made in the middle of a
// turn: the agent asked through its question tool (Claude Code's
// AskUserQuestion: "Fresh copy or keep the history?") and the user picked
// an answer. The client writes the answer back as the tool's result —
// `User has answered your questions: "Q"="A", …` — so no prose of the turn
// holds it, and tool output is not scored; read as a pick, it is a
// DECISION.

// askTool is the name of Claude Code's question tool. Only the result of
// one of its calls is read as the user's answer: any other tool's output
// (a command's, a file's) could be made to look like one.
const askTool = "AskUserQuestion"

// answeredQuestion matches the first question and answer of such a tool
// result.
var answeredQuestion = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s*(?:User has answered your questions?|The user answered):\s*"([^"]{1,500})"\s*=\s*"([^"]{1,300})"`)
})

// answered returns the finding text of a tool result that carries the
// user's answer to the agent's question ("Q — A"), or "".
func answered(result string) string {
	if !strings.Contains(result[:min(len(result), 80)], "answer") {
		return ""
	}
	m := answeredQuestion().FindStringSubmatch(result)
	if m == nil {
		return ""
	}
	return clean(m[1] + " — " + m[2])
}
