package queue

import _ "embed"

// defaultStopPrompt is the instructions sent with a first wake when no
// prompt file is configured (prompt_stop.md, for the queue command).
//
//go:embed prompt_stop.md
var defaultStopPrompt string
