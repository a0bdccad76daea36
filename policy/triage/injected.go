package triage

import "strings"

// injectedTags open the user messages a client writes on its own: the
// report of a background task or subagent that finished
// (<task-notification>), and the output of a local command the user ran
// (<local-command-stdout>, <bash-stdout>). Their text is the output of a
// tool, not the user's words: it states no preference of the user's and
// proposes nothing, and what the agent takes from it, it says in its reply.
var injectedTags = []string{"<task-notification>", "<local-command-stdout>", "<bash-stdout>", "<bash-stderr>", "<local-command-stderr>"}

// injected reports whether text, a user message, was written by the
// client rather than typed by the user.
func injected(text string) bool {
	t := strings.TrimLeft(text, " \t\r\n")
	if len(t) == 0 || t[0] != '<' {
		return false
	}
	for _, tag := range injectedTags {
		if strings.HasPrefix(t, tag) {
			return true
		}
	}
	return false
}

// compactSummary reports whether text, a user message, is the summary a
// client writes when it compacts a session ("This session is being
// continued from a previous conversation…"). Its text is scored — when a
// session is compacted in the middle of a turn it holds that turn's own
// work — but it is not a prompt: its sentences report what was done and
// said, they propose nothing to the agent.
func compactSummary(text string) bool {
	t := strings.TrimLeft(text, " \t\r\n")
	return strings.HasPrefix(t, "This session is being continued from a previous conversation")
}
