package loopstate

import (
	"fmt"
	"strconv"
	"strings"
)

// BlockCapEnv names the environment variable that changes how many
// consecutive Stop-hook blocks Claude Code honours before it ends the turn.
const BlockCapEnv = "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP"

// defaultBlockCap is Claude Code's cap on consecutive Stop-hook blocks
// (measured on Claude Code 2.1.330).
const defaultBlockCap = 8

// BlockCap returns the block cap in effect given getenv (os.Getenv):
// $CLAUDE_CODE_STOP_HOOK_BLOCK_CAP when it is a positive integer, else
// defaultBlockCap. A nil getenv means defaultBlockCap.
func BlockCap(getenv func(string) string) int {
	if getenv == nil {
		return defaultBlockCap
	}
	if n, err := strconv.Atoi(strings.TrimSpace(getenv(BlockCapEnv))); err == nil && n > 0 {
		return n
	}
	return defaultBlockCap
}

// CapWarning returns a warning when a loop of max iterations is above the
// block cap, else "". A loop blocks up to max-1 stops in a row, and Claude
// Code ends the turn instead of feeding back the block after cap
// consecutive ones (measured: with a cap of N, N blocks are fed back), so
// a max above the cap is flagged for the user to raise the cap; the
// margin of one iteration is deliberate.
func CapWarning(max, cap int) string {
	if max <= cap {
		return ""
	}
	return fmt.Sprintf("warning: max %d is above %d, Claude Code's cap on consecutive Stop-hook blocks: "+
		"the loop may block up to %d times in a row, and Claude Code ends the turn rather than feed back more than %d; "+
		"to be safe set %s=%d in the environment Claude Code starts with",
		max, cap, max-1, cap, BlockCapEnv, max)
}
