package queue

import _ "embed"

// DefaultStopPrompt is the instructions sent with a first wake when no
// prompt file is configured (prompt_stop.md, for the queue command).
//
//go:embed prompt_stop.md
var DefaultStopPrompt string
