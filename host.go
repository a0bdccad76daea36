package stophook

// Agents ("hosts") whose turn-end hooks stophook understands; [Input.Host]
// holds one of them.
const (
	HostClaude  = "claude"
	HostCodex   = "codex"
	HostGemini  = "gemini"
	HostQwen    = "qwen"
	HostCopilot = "copilot"
	HostDroid   = "droid"
	HostCursor  = "cursor"
)

// HostEnv names the environment variable that forces the host instead of
// recognising it from the input's shape.
const HostEnv = "STOPHOOK_HOST"
