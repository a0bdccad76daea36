package hookconf

import (
	"slices"
	"strings"
)

// Hook is the command hook to install or remove.
type Hook struct {
	// Command is the program (an absolute path for the exec form) or, with
	// no Args, a whole shell command line.
	Command string
	// Args are passed to Command as they are.
	Args []string
	// Exec writes Claude Code's exec form ("command" plus "args", run
	// without a shell) instead of one shell command string.
	Exec bool
	// Timeout is the hook's timeout in seconds; 0 leaves the host's default.
	Timeout int
	// StatusMessage is shown while a Stop hook runs, where the host
	// supports it.
	StatusMessage string
	// Verbatim marks a Command that is already shell syntax (such as
	// "$CLAUDE_PROJECT_DIR"/bin/hook): Shell does not quote it.
	Verbatim bool
	// Aliases are other programs that are this hook too: the absolute path
	// an older install wrote, where Command is now a portable form. An
	// entry running an alias is replaced in place and removed like one
	// running Command.
	Aliases []string
}

// Shell returns the hook as one POSIX shell command line, quoting only
// what needs it.
func (h Hook) Shell() string {
	if len(h.Args) == 0 {
		return h.Command
	}
	parts := make([]string, 0, 1+len(h.Args))
	if h.Verbatim {
		parts = append(parts, h.Command)
	} else {
		parts = append(parts, Quote(h.Command))
	}
	for _, a := range h.Args {
		parts = append(parts, Quote(a))
	}
	return strings.Join(parts, " ")
}

// Quote quotes s for a POSIX shell when it holds anything but letters,
// digits and -_./:=@%+,
func Quote(s string) string {
	if s == "" {
		return "''"
	}
	safe := true
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_./:=@%+,", c)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// same reports whether an entry running command with args is this hook
// (or one of its aliases), in exec form or in shell form.
func (h Hook) same(command string, args []string) bool {
	if h.sameProgram(command, args) {
		return true
	}
	for _, a := range h.Aliases {
		if (Hook{Command: a, Args: h.Args}).sameProgram(command, args) {
			return true
		}
	}
	return false
}

func (h Hook) sameProgram(command string, args []string) bool {
	if command == "" {
		return false
	}
	if command == h.Command && slices.Equal(args, h.Args) {
		return true
	}
	if len(args) == 0 {
		if command == h.Shell() {
			return true
		}
		// An older shell form that quoted the program although it needed no quotes.
		if len(h.Args) == 0 && (command == "'"+h.Command+"'" || command == `"`+h.Command+`"`) {
			return true
		}
	}
	return false
}
