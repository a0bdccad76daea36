package queue

import (
	"strings"

	"github.com/stophook/stophook"
)

// Rule maps commands to the event that completes them. Pattern is matched
// against the command's first word: an exact word ("/clear"), or a prefix
// ending in "*" ("/gsd:*").
type Rule struct {
	Pattern string `json:"pattern"`
	Awaits  Awaits `json:"awaits"`
}

// Mapping decides what each command awaits: the first matching [Rule]
// wins; a command no rule matches (any other slash command, any plain
// prompt) awaits Stop. The zero Mapping uses [DefaultRules].
type Mapping struct {
	Rules []Rule
}

// DefaultRules is the default mapping: /clear completes on
// SessionStart(source "clear") — measured: /clear fires no UserPromptSubmit
// and no Stop — and everything else on Stop.
var DefaultRules = []Rule{
	{Pattern: "/clear", Awaits: Awaits{Hook: stophook.EventSessionStart, Sub: "clear"}},
}

// Awaits returns what command awaits.
func (m Mapping) Awaits(command string) Awaits {
	rules := m.Rules
	if rules == nil {
		rules = DefaultRules
	}
	word := firstWord(command)
	for _, r := range rules {
		if p, ok := strings.CutSuffix(r.Pattern, "*"); ok {
			if strings.HasPrefix(word, p) {
				return r.Awaits
			}
		} else if word == r.Pattern {
			return r.Awaits
		}
	}
	return Awaits{Hook: stophook.EventStop}
}

func firstWord(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[:i]
	}
	return s
}

// eventSub returns the sub-kind of a hook event that [Awaits].Sub is compared
// with: the source of SessionStart, the reason of SessionEnd, the
// notification type of Notification, and "" for other events.
func eventSub(in stophook.Input) string {
	switch in.HookEventName {
	case stophook.EventSessionStart:
		return in.Source
	case stophook.EventSessionEnd:
		return in.Reason
	case stophook.EventNotification:
		return in.NotificationType
	}
	return ""
}

// matches reports whether the event in completes a command awaiting a.
func (a Awaits) matches(in stophook.Input) bool {
	return a.Hook != "" && a.Hook == in.HookEventName && (a.Sub == "" || a.Sub == eventSub(in))
}
