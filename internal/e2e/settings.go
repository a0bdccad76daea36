package e2e

// Settings is the part of a Claude Code settings.json the suite writes.
type Settings struct {
	Hooks map[string][]Matcher `json:"hooks,omitempty"`
	// Env is the settings "env" map, applied to the session and its hooks.
	Env map[string]string `json:"env,omitempty"`
}

// Matcher is one entry of an event's hook list.
type Matcher struct {
	Matcher string `json:"matcher,omitempty"`
	Hooks   []Hook `json:"hooks"`
}

// Hook is one hook of a [Matcher].
type Hook struct {
	Type           string            `json:"type"` // "command" or "http"
	Command        string            `json:"command,omitempty"`
	URL            string            `json:"url,omitempty"`
	Headers        map[string]string `json:"headers,omitempty"`
	AllowedEnvVars []string          `json:"allowedEnvVars,omitempty"`
	Timeout        int               `json:"timeout,omitempty"` // seconds
	StatusMessage  string            `json:"statusMessage,omitempty"`
	// Args, when set, is the exec form: Command is the program, run
	// without a shell with these arguments.
	Args []string `json:"args,omitempty"`
	// Async runs the hook in the background; AsyncRewake (which implies
	// Async) starts a new turn in the TUI when the hook exits 2.
	Async       bool `json:"async,omitempty"`
	AsyncRewake bool `json:"asyncRewake,omitempty"`
}

// Command returns a command hook running the shell command cmd.
func Command(cmd string) Hook { return Hook{Type: "command", Command: cmd} }

// HTTP returns an http hook posting to url. When tokenVar is not empty it
// sends "Authorization: Bearer $tokenVar", expanded by Claude Code from its
// environment.
func HTTP(url, tokenVar string) Hook {
	h := Hook{Type: "http", URL: url}
	if tokenVar != "" {
		h.Headers = map[string]string{"Authorization": "Bearer $" + tokenVar}
		h.AllowedEnvVars = []string{tokenVar}
	}
	return h
}

// AddHook appends hooks for event (Stop, SessionStart, …) under one matcher
// entry with no matcher.
func (s *Settings) AddHook(event string, hooks ...Hook) {
	if s.Hooks == nil {
		s.Hooks = map[string][]Matcher{}
	}
	s.Hooks[event] = append(s.Hooks[event], Matcher{Hooks: hooks})
}

// AddMatcher appends hooks for event under one matcher entry.
func (s *Settings) AddMatcher(event, matcher string, hooks ...Hook) {
	if s.Hooks == nil {
		s.Hooks = map[string][]Matcher{}
	}
	s.Hooks[event] = append(s.Hooks[event], Matcher{Matcher: matcher, Hooks: hooks})
}
