package signals

import (
	"regexp"
	"sync"
)

// jsSpace is the class JavaScript's \s matches; the pattern comes from a
// JavaScript regular expression, and Go's \s is ASCII only.
const jsSpace = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

// commandPattern is JavaScript's /\/(?:gsd:[a-z-]+(?:\s+[^\s`]+)?|clear)/g,
// compiled on first use: a hook that never looks for commands does not pay
// for it at start-up.
var commandPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`/(?:gsd:[a-z-]+(?:[` + jsSpace + `]+[^` + jsSpace + "`" + `]+)?|clear)`)
})

// SuggestedCommands returns /gsd:… and /clear commands in text, deduplicated
// in order of first appearance, or nil if there are none. A /gsd: command
// keeps one argument ("/gsd:plan-phase 3"); like the JavaScript pattern it also matches
// inside words and paths ("/clearly" gives "/clear"). The whole text is
// searched, code included.
func SuggestedCommands(text string) []string {
	var cmds []string
	seen := make(map[string]bool)
	for _, c := range commandPattern().FindAllString(text, -1) {
		if !seen[c] {
			seen[c] = true
			cmds = append(cmds, c)
		}
	}
	return cmds
}
