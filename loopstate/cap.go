package loopstate

import (
	"fmt"
	"strconv"
	"strings"
)

// BlockCapEnv names the environment variable that changes how many
// consecutive Stop-hook blocks Claude Code honours before it ends the turn.
const BlockCapEnv = "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP"

// DefaultBlockCap is Claude Code's cap on consecutive Stop-hook blocks
// (measured on Claude Code 2.1.330).
const DefaultBlockCap = 8

// BlockCap returns the block cap in effect given getenv (os.Getenv):
// $CLAUDE_CODE_STOP_HOOK_BLOCK_CAP when it is a positive integer, else
// DefaultBlockCap. A nil getenv means DefaultBlockCap.
func BlockCap(getenv func(string) string) int {
	if getenv == nil {
		return DefaultBlockCap
	}
	if n, err := strconv.Atoi(strings.TrimSpace(getenv(BlockCapEnv))); err == nil && n > 0 {
		return n
	}
	return DefaultBlockCap
}

// CapWarning returns a warning when a loop of max iterations can run into
// the block cap, else "". Every iteration after the first is one block, and
// Claude Code ends the turn after cap consecutive blocks, so a loop with
// max > cap is cut short unless the variable is raised.
func CapWarning(max, cap int) string {
	if max <= cap {
		return ""
	}
	return fmt.Sprintf("warning: max %d is above Claude Code's cap of %d consecutive Stop-hook blocks: "+
		"the turn ends after %d blocks unless %s is raised (e.g. %s=%d in the environment Claude Code starts with)",
		max, cap, cap, BlockCapEnv, BlockCapEnv, max)
}
