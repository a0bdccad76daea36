// Package clientblock finds the blocks a client writes into a message on
// its own: Claude Code's and Droid's <system-reminder>, Copilot CLI's
// <system_reminder> in the user's prompt, and the <oai-mem-citation> block
// Codex appends to its final reply when its memories are on. Their text is
// neither the user's words nor the agent's account of the turn, so the
// readers of a turn blank them before reading it: a citation block at the
// end of a reply must not hide the question above it, and a reminder that
// quotes the project's rules states no preference of the user's.
package clientblock

import "strings"

// tags are the names of the blocks, as they open and close.
var tags = []string{"system-reminder", "system_reminder", "oai-mem-citation"}

// Blank returns text with every client block blanked: each of its bytes
// but line ends becomes a space, so the result has the same lines and byte
// offsets as text. A block counts only when its opening tag starts a line
// (after spaces or tabs) and a closing tag follows; a tag named in prose
// or in code ("the `<system-reminder>` blocks") is left alone. text is
// returned as it is when it holds no block.
func Blank(text string) string { return BlankTags(text, tags...) }

// BlankTags is Blank for the blocks of the tags named (without angle
// brackets): a reader that also sets aside a block of its own — package
// triage, a plan Codex proposes in a <proposed_plan> block — blanks it the
// same way, keeping lines and offsets.
func BlankTags(text string, tags ...string) string {
	if !strings.Contains(text, "</") {
		return text
	}
	var b []byte
	for _, tag := range tags {
		open, end := "<"+tag+">", "</"+tag+">"
		for from := 0; ; {
			i := strings.Index(text[from:], open)
			if i < 0 {
				break
			}
			i += from
			if !startsLine(text, i) {
				from = i + len(open)
				continue
			}
			j := strings.Index(text[i+len(open):], end)
			if j < 0 {
				break // unclosed: no block of this tag follows
			}
			j += i + len(open) + len(end)
			if b == nil {
				b = []byte(text)
			}
			for k := i; k < j; k++ {
				if b[k] != '\n' && b[k] != '\r' {
					b[k] = ' '
				}
			}
			from = j
		}
	}
	if b == nil {
		return text
	}
	return string(b)
}

// startsLine reports whether only spaces and tabs stand between the line
// start and text[i].
func startsLine(text string, i int) bool {
	for i > 0 {
		switch text[i-1] {
		case ' ', '\t':
			i--
		case '\n', '\r':
			return true
		default:
			return false
		}
	}
	return true
}
