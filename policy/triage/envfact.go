package triage

import (
	"regexp"
	"strings"
	"sync"
)

// An environment fact is what an agent learns the hard way: a command
// fails, and the agent's next words put the failure down to the machine
// rather than to the code ("the LiveView runs in a separate process that
// can't access the test sandbox", "python here is only a Store stub",
// "shell state doesn't persist between calls"). The next session on that
// machine meets the same wall, so it is a CONSTRAINT worth saving. Only
// the agent's text right after a failed tool call is read, and only a
// sentence that names something of the environment as missing or walled
// off: a failure it blames on the code is fixed in the diff.

// envFact marks such a sentence.
var envFact = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:` +
		`(?:isn't|is not|wasn't|was not|aren't|are not|not) (?:actually |really )?(?:installed|on (?:the |your )?path|available (?:here|on this machine|in (?:this|the) (?:environment|sandbox|container|shell)))|` +
		`(?:only )?(?:a|an) (?:non-functional |broken |empty )?(?:\w+ )?(?:stub|shim)\b|` +
		`(?:doesn't|does not|don't|do not|won't|will not) (?:persist|carry over|survive) (?:between|across)|` +
		`(?:can't|cannot|can not|couldn't|could not|unable to) (?:access|reach|bind|write to|connect to) (?:the |this |a |any )?(?:\w+ )?(?:sandbox|network|internet|localhost|port|socket|host|keychain|display)|` +
		`(?:outside|from outside) (?:of )?the sandbox|the sandbox (?:blocks|denies|forbids|prevents|doesn't allow|does not allow)|` +
		`command not found|no (?:ssh|git|docker|python|node) (?:client|binary|daemon|installed)|` +
		`(?:console|terminal)(?:'s)? (?:encoding|code ?page)` +
		`)`)
})

// envFactScore is the score of a finding from an environment fact.
const envFactScore = 0.7

// envFactIn returns the first sentence of prose, an assistant's text
// written right after a failed tool call, that states an environment
// fact, cleaned, or "".
func envFactIn(prose string) string {
	if len(prose) > maxTextBytes {
		prose = prose[:maxTextBytes]
	}
	if !strings.ContainsAny(prose, "tsnpe") { // every form above has one
		return ""
	}
	for _, sp := range sentences(prose, nil) {
		s := strings.ReplaceAll(prose[sp.start:sp.end], "’", "'")
		if !strings.HasSuffix(strings.TrimSpace(s), "?") && envFact().MatchString(s) {
			return clean(s)
		}
	}
	return ""
}
