package hookcli

import (
	"flag"
	"fmt"
	"io"
)

// Var is an environment variable's name and what it does.
type Var [2]string

// Runner lists the variables every hook run by hook.Run reads.
var Runner = []Var{
	{"STOPHOOK_DISABLE", "1 lets every stop through without reading the input"},
	{"STOPHOOK_HOST", "force the host: claude, codex, gemini, qwen, copilot, droid, cursor"},
	{"STOPHOOK_STATE_DIR", "state directory (default <cwd>/.claude/stophook)"},
	{"STOPHOOK_MAX_TURN_BLOCKS", "continuations allowed per turn (default $CLAUDE_CODE_STOP_HOOK_BLOCK_CAP, else 8)"},
	{"CLAUDE_CODE_STOP_HOOK_BLOCK_CAP", "Claude Code's cap on consecutive Stop-hook blocks"},
	{"STOPHOOK_LOG", "append one JSON line per decision to this file"},
	{"STOPHOOK_EXPLAIN", "1 prints each decision's trace on stderr"},
}

// Telegram lists the variables of the Telegram escalation.
var Telegram = []Var{
	{"TELEGRAM_BOT_TOKEN", "bot token; with TELEGRAM_CHAT_ID, a human is asked on Telegram (plugin option telegram_bot_token)"},
	{"TELEGRAM_CHAT_ID", "numeric chat id the bot writes to (plugin option telegram_chat_id)"},
	{"TELEGRAM_API_URL", "Bot API base URL (default https://api.telegram.org)"},
}

// Summary lists the variables of the model-written summary for a human.
var Summary = []Var{
	{"ANTHROPIC_API_KEY", "key for the summary written for the human (none: a plain summary)"},
	{"ANTHROPIC_BASE_URL", "Messages API base URL"},
	{"STOPHOOK_SUMMARY_MODEL", "model of the summary"},
}

// Print writes an "environment:" section listing vars.
func Print(w io.Writer, vars ...[]Var) {
	n := 0
	for _, vs := range vars {
		n += len(vs)
	}
	if n == 0 {
		return // no heading over nothing
	}
	fmt.Fprintln(w, "\nenvironment:")
	for _, vs := range vars {
		for _, v := range vs {
			fmt.Fprintf(w, "  %-32s %s\n", v[0], v[1])
		}
	}
}

// SetUsage makes fs's -h print head, the flags and the environment.
func SetUsage(fs *flag.FlagSet, head string, vars ...[]Var) {
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprint(w, head)
		if head != "" && head[len(head)-1] != '\n' {
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w, "\nflags:")
		fs.PrintDefaults()
		Print(w, vars...)
	}
}
