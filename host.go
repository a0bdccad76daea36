package stophook

import "github.com/stophook/stophook/internal/hostio"

// Agents ("hosts") whose turn-end hooks stophook understands; [Input.Host]
// holds one of them.
const (
	HostClaude  = hostio.Claude
	HostCodex   = hostio.Codex
	HostGemini  = hostio.Gemini
	HostQwen    = hostio.Qwen
	HostCopilot = hostio.Copilot
	HostDroid   = hostio.Droid
	HostCursor  = hostio.Cursor
)

// HostEnv names the environment variable that forces the host instead of
// recognising it from the input's shape.
const HostEnv = "STOPHOOK_HOST"
