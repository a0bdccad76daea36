package hookcli

import (
	"flag"
	"fmt"
)

// continueUsage is the flag's help text.
const continueUsage = "how to continue a Stop: `block` (decision:block) or context (Claude Code: additionalContext, no \"hook reported a problem\" label; other hosts: their usual continuation)"

// Continue adds the -continue flag to fs: how a hook sends the agent back
// to work on a Stop.
//
//	-continue block    {"decision":"block","reason":R} (the default; every host obeys it)
//	-continue context  {"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":R}}
//
// Claude Code continues the turn either way and counts both toward its
// block cap; with context it shows "Stop hook says: R" instead of "Stop hook
// reported a problem", and sends the model no "Stop hook blocking error"
// message. On hosts without additionalContext on Stop, the runner sends
// their usual continuation either way.
//
// *withContext is set to true for "context", false for "block" (the
// default, or the value *withContext holds when Continue is called).
func Continue(fs *flag.FlagSet, withContext *bool) {
	def := "block"
	if *withContext {
		def = "context"
	}
	fs.Func("continue", continueUsage+" (default "+def+")", func(s string) error {
		v, err := parseContinue(s)
		if err != nil {
			return err
		}
		*withContext = v
		return nil
	})
}

// parseContinue returns true for "context", false for "block", and an error for
// anything else.
func parseContinue(s string) (withContext bool, err error) {
	switch s {
	case "block":
		return false, nil
	case "context":
		return true, nil
	}
	return false, fmt.Errorf("want block or context")
}
