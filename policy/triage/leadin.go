package triage

import (
	"regexp"
	"strings"
	"sync"
)

// A lead-in that names a kind of memory is how agents file one in a
// summary: "Root cause:", "## Key decisions", "**Limitations**",
// "Follow-ups:" above the lines that say it. The lead-in alone says what
// kind of memory follows, whatever words the lines use; a lead-in that
// asks ("Decisions needed from you:", "Open questions:") files nothing.

// catPattern is a pattern and the kind of memory a text it matches holds.
type catPattern struct {
	cat categoryName
	re  *regexp.Regexp
}

// newCatPattern compiles expr, matched case-insensitively at word
// boundaries, for category c.
func newCatPattern(c categoryName, expr string) catPattern {
	return catPattern{c, regexp.MustCompile(`(?i)\b(?:` + expr + `)\b`)}
}

// leadInScore is the score of a finding filed under a lead-in.
const leadInScore = 0.7

var (
	leadInCategories = sync.OnceValue(func() []catPattern {
		mk := newCatPattern
		return []catPattern{
			mk(catDecision, `decisions?|decided|design choices?|choices made`),
			mk(catRunbook, `root[- ]causes?|workarounds?|how to (?:fix|recover|reproduce)|runbook|to reproduce|recovery steps|for future reference|lessons? learned|takeaways?`),
			mk(catConstraint, `constraints?|limitations?|caveats?|gotchas?|known (?:issues|limitations)|restrictions?|worth (?:knowing|noting|remembering)|good to know|footnotes?`),
			mk(catTechDebt, `loose ends?|(?:deliberately |intentionally )?left (?:uncommitted|unfinished|undone|as is)|follow[- ]ups?|deferred|not (?:yet )?(?:done|implemented|addressed)|left for later|remaining work|tech(?:nical)? debt|out of scope|still (?:missing|open|to do)`),
			mk(catPreference, `conventions?|preferences?|house rules?|style guide`),
		}
	})
	// qualifiedYes marks a reply's opening line that grants the user's
	// point with a named limit ("Yes, but with one important boundary.",
	// "Mostly yes, but with one nuance:"): what follows states the limit.
	qualifiedYes = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^\W*(?:yes|yeah|mostly(?: yes)?|partly|in principle)\W{1,3}but with (?:one|a|an|two|some) (?:important |key |big |major |specific |subtle )?(?:boundary|boundaries|caveats?|nuances?|catch|exceptions?|limits?|limitations?|restrictions?|meaning|condition)\b`)
	})
	// leadInAsks marks a lead-in over things still to settle.
	leadInAsks = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:needed|needs?|to make|for you|pending|open|required|outstanding|questions?|your call|if you|no|none|nothing|without)\b|\?`)
	})
)

// maxLeadIn bounds the length of a lead-in line.
const maxLeadIn = 120

// leadIns returns, for each lead-in line of prose (a line ending in ':',
// or a Markdown heading) that names a category and is followed by a
// non-empty line, the category and the lead-in with its first line.
func leadIns(prose string) (cats []categoryName, texts []string) {
	if !strings.Contains(prose, ":") && !strings.Contains(prose, "#") && !strings.Contains(prose, "but with") {
		return nil, nil
	}
	lines := strings.Split(prose, "\n")
	first := true
	for i, line := range lines {
		if first && strings.TrimSpace(line) != "" {
			first = false
			t := strings.TrimSpace(line)
			if loc := qualifiedYes().FindStringIndex(t); loc != nil {
				// The limit follows on the same line, or on the next.
				text := t
				if words(t[loc[1]:]) < 3 {
					text = ""
					if next := nextLine(lines[i+1:]); next != "" {
						text = t + " " + strings.TrimLeft(next, "-*+• ")
					}
				}
				if text != "" {
					cats = append(cats, catConstraint)
					texts = append(texts, clean(text))
					continue
				}
			}
		}
		t := strings.TrimSpace(line)
		heading := strings.HasPrefix(t, "#")
		t = strings.Trim(strings.TrimLeft(t, "#"), " *_")
		if t == "" || len(t) > maxLeadIn || !heading && !strings.HasSuffix(t, ":") {
			continue
		}
		next := nextLine(lines[i+1:])
		if next == "" || strings.HasPrefix(next, "#") || leadInAsks().MatchString(t) {
			continue
		}
		for _, lc := range leadInCategories() {
			if lc.re.MatchString(t) {
				cats = append(cats, lc.cat)
				texts = append(texts, clean(t+" "+strings.TrimLeft(next, "-*+• ")))
				break
			}
		}
	}
	return cats, texts
}

// nextLine returns the first non-empty line of lines, trimmed.
func nextLine(lines []string) string {
	for _, l := range lines {
		if t := strings.TrimSpace(l); t != "" {
			return t
		}
	}
	return ""
}
