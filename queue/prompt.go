package queue

import _ "embed"

// DefaultStopPrompt is the instructions sent with a first wake when no
// prompt file is configured: the seed's prompt_stop.md, adapted to the
// queue command.
//
//go:embed prompt_stop.md
var DefaultStopPrompt string
