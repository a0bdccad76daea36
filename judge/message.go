package judge

import (
	"github.com/stophook/stophook/internal/lazyre"
	"strings"
)

// message is a final message as the rules read it.
type message struct {
	raw       string   // the message (its last maxInput bytes)
	sentences []string // prose sentences outside code and quotes, cleaned, in order
	closing   closing
}

func readMessage(text string) message {
	p := prose(text)
	return message{raw: text, sentences: sentencesOf(p), closing: closingOf(p)}
}

// leadingError matches a message that starts with an error line, as a
// client writes it when a request fails ("API Error: 529 …").
var leadingError = lazyre.New(`\A\s*(?:[✕✖×❌]\s*)?\[?(?:API Error\b|Error:|ERROR:|error:|Fatal:|fatal:|Traceback \(most recent call last\))`)

func (m message) leadingError() (Verdict, bool) {
	if !leadingError.MatchString(m.raw) {
		return Verdict{}, false
	}
	return Verdict{Class: Error, Kind: Failed, Confidence: 0.9, Why: firstLine(m.raw)}, true
}

func firstLine(s string) string {
	s = strings.TrimLeft(s, " \t\r\n")
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		return s[:i]
	}
	return s
}

// sentencesOf splits prose (code already blanked) into cleaned sentences.
// Block quotes are left out: a quoted line is someone else's words.
func sentencesOf(p string) []string {
	var out []string
	for _, line := range strings.FieldsFunc(p, func(r rune) bool { return r == '\n' || r == '\r' }) {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, ">") || isRule(t) {
			continue
		}
		c := clean(withoutQuotations(markup.Replace(t)))
		if c == "" {
			continue
		}
		start := 0
		for i := 0; i < len(c); i++ {
			switch c[i] {
			case '.', '!', '?', ';':
				if i+1 < len(c) && c[i+1] != ' ' {
					continue // "v1.2", "e.g."
				}
				if s := strings.TrimSpace(c[start : i+1]); s != "" {
					out = append(out, s)
				}
				start = i + 1
			}
		}
		if s := strings.TrimSpace(c[start:]); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// withoutQuotations removes the quotations of a line (quotes folded by
// markup): text of
// three words or more between double quotes ("Pilot, the ship is still
// broken." as proposed copy) is someone else's words, or words for
// someone else, not the agent's report. Quoted names ("TestX", "npm
// test") stay.
func withoutQuotations(line string) string {
	if strings.Count(line, `"`) < 2 {
		return line
	}
	var b strings.Builder
	rest := line
	for {
		i := strings.IndexByte(rest, '"')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i+1:], '"')
		if j < 0 {
			break
		}
		quoted := rest[i+1 : i+1+j]
		b.WriteString(rest[:i])
		if strings.Count(strings.TrimSpace(quoted), " ") < 2 {
			b.WriteString(rest[i : i+2+j])
		}
		rest = rest[i+2+j:]
	}
	b.WriteString(rest)
	return strings.TrimSpace(b.String())
}
