// Package e2e drives stophook's hooks with the real Claude Code binary,
// pointed at a fake Messages API on loopback, so the real client is the
// judge of our hook I/O. It needs no network.
//
// # Finding the binary
//
// [RequireClaude] (called by [New]) looks for $STOPHOOK_CLAUDE, then the
// npm prefix .ci/run installs into ([DefaultClaudeDir]:
// $STOPHOOK_CLAUDE_DIR, else $HOME/.cache/stophook/claude-code-<version>),
// then claude on PATH. Without one the tests skip, unless STOPHOOK_E2E=1,
// which turns a missing binary (or tmux) into a failure.
//
// # One environment per test
//
// [New] starts an [API] and lays out a temp dir: HOME (with a pre-seeded
// .claude.json that approves the fake key and trusts the project, so the
// TUI asks nothing), the project dir (claude's cwd), a state dir exported
// as STOPHOOK_STATE_DIR, and a hook log dir. Fill [Env.Settings] with
// hooks ([Command], [HTTP], [Settings.AddHook]) and then:
//
//   - [Env.Run] / [Env.RunOK] run `claude -p PROMPT --settings FILE
//     --output-format json --allowedTools Bash Write` and parse the JSON
//     result ([Output]); [Env.TranscriptPath] finds the session transcript.
//   - [Env.StartTUI] runs the interactive client in a dedicated tmux server
//     ([TUI]): wait for the prompt, [TUI.Send] text, poll the screen with
//     [TUI.WaitScreen]. It is killed when the test ends.
//
// Our hook binaries are built once per test process with [BuildHook] (call
// [Main] from TestMain to remove them afterwards). [Env.Record] wraps a
// command hook so every call (input, exit code, stdout, stderr, duration)
// is logged; read it back with [Env.HookCalls]. For http hooks, put a
// recording [Proxy] in front of the server started by [Env.StartServer].
//
// # The fake API
//
// [API] answers POST /v1/messages (Claude Code adds ?beta=true) with the
// SSE stream of the Messages API when the request asks for "stream":true,
// and with a plain JSON message otherwise (our summarizer hooks call it
// that way); /v1/messages/count_tokens with {"input_tokens":N}; any GET
// with {}. Replies ([Reply], built with [Text], [ToolUse], [Bash],
// [Write]) come from the [Script] set with [API.SetScript], else from the
// queue filled by [API.Enqueue] (conversation requests only), else
// [DefaultReply].
//
// Observed with Claude Code 2.1.330: in -p mode and in the TUI, one plain
// prompt makes exactly one request, a streaming POST /v1/messages?beta=true
// that offers tools; no title or other side request was seen with
// CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1. The system prompt starts with
// an "x-anthropic-billing-header" text block, and the messages array may end
// with a role "system" message describing the environment, after the user
// message. [Request.IsConversation] (streaming, with tools) tells the main
// conversation from side requests such as our own hooks' non-streaming
// calls, so queued replies are not eaten by them.
//
// Every request is recorded: [API.Requests], [API.Conversation],
// [API.StopHookFeedback] (the reasons sent back as "Stop hook
// feedback:\n…"), [API.SystemReminders], and per request
// [Request.Feedback] and [Request.LastUserText].
//
// The transcript of a -p run is complete when claude exits; it lives in
// $HOME/.claude/projects/<key>/<session_id>.jsonl, where the key is the
// project dir with every character that is not a letter or digit replaced
// by '-' ([ProjectKey]; measured with '/', '_', '.' and ' ').
//
// # Other agents
//
// [NewHost] does the same for Codex, Gemini CLI, Qwen Code, Copilot CLI
// and droid ([Codex], [Gemini], [Qwen], [Copilot], [Droid], each pinned to
// one npm version): the binary comes from $STOPHOOK_<CLIENT>, else
// [Client.Dir] under [CacheDir] (where .ci/run installs it), else PATH,
// with the same skip/fail rule. A [ModelAPI] on loopback speaks the
// Responses API (Codex), the Gemini API (streamGenerateContent?alt=sse and
// JSON generateContent) and chat completions (Qwen, Copilot, droid),
// answers from a script, a queue or an "always" text, and records every
// request ([ModelAPI.CountSaw] counts the requests whose newest user turn
// holds a text, such as a hook's reason). [HostEnv.AddHook] registers a
// command under the client's own event name ([HostEnv.TurnEnd],
// [HostEnv.Lifecycle]); [HostEnv.Run] writes the client's config into the
// temp HOME (Codex config.toml and hooks.json run with
// --dangerously-bypass-hook-trust, Gemini settings with millisecond
// timeouts and -m pinned, Qwen settings without memory extraction,
// Copilot hooks/*.json in its native or Claude format, droid settings with
// a custom model and FACTORY_AIRGAP_ENABLED=1) and runs the client once,
// non-interactively.
//
// # Fixtures
//
// With STOPHOOK_E2E_CAPTURE=DIR, [Env.Capture] copies a session's
// transcript to DIR with this machine's temp paths replaced by fixed
// placeholders ([Env.Scrub]); the transcript and signals packages keep
// such captures under testdata/captured.
package e2e
