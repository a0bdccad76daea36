// Package transcript reads the end of a coding agent's transcript cheaply:
// Claude Code's, and those of Codex CLI, Gemini CLI, Qwen Code, Copilot
// CLI, Factory droid and (best effort) Cursor.
//
// A transcript is a JSONL file under ~/.claude/projects that grows to
// hundreds of megabytes; a Stop hook needs only its last few messages. This
// package reads the file backwards from the end in chunks (64 KiB, doubling
// up to 256 KiB), so the cost of a call depends on how much it reads, not on
// the size of the file.
//
// # Messages
//
// Each line is one JSON record. Lines of type "user" and "assistant" are
// messages; every other record type (attachment, queue-operation,
// api-request, api-request-shape, api-request-blob, system, last-prompt,
// cost-state, atis-latch, tools-used, summary, file-history-snapshot,
// progress, and types added later) is skipped after reading its type with
// gjson, without decoding the rest of the line. The type decides: an
// api-request-blob line holds a "message" object too. A message line is
// validated and decoded in one pass over its bytes, copying only the
// strings it keeps.
//
// Claude Code writes an assistant reply one content block (text, tool_use,
// thinking) per line, the lines sharing message.id, and with streaming tool
// execution it writes a tool's result as soon as the tool has run, between
// the reply's tool_use lines. The lines of one reply are merged into one
// [Message] holding its text and [ToolUse] calls, placed before the tool
// results written in between, as the API sees them; user lines hold text
// or [ToolResult] blocks. Stop hook feedback is a user message with IsMeta
// set, and so is the summary a compaction goes on from (isCompactSummary):
// neither is a prompt ([Message.IsPrompt]), the turn goes on. Copilot CLI
// and droid write the reason a Stop hook sent back as a plain user message
// after their record of the hook run; the reader marks it IsMeta too.
//
// # Reading the end
//
// [Tail] returns the last n messages, oldest first; [Backward] yields
// messages newest first and stops reading when the loop ends;
// [LastAssistantText] prefers the hook's last_assistant_message and falls
// back to the transcript within the current turn. [Path] picks the
// subagent's transcript for SubagentStop. [Options] bounds the bytes read
// per call and the length of a line; the package-level functions use its
// defaults.
//
// # Other agents
//
// Every host writes its own format ([Format]); [Options.Format] names it,
// and its zero value recognises it from the lines, so [Tail], [Backward]
// and [LastAssistantText] read any host's transcript into the same
// [Message] values, tool calls included ([ForHost] maps a host name to
// its format). Each format's doc says which records count, which user
// messages are meta (injected context, a Stop hook's continuation) and
// so do not start a turn. Copilot CLI writes events.jsonl after calling
// its hooks: [Options.LastAssistantText] waits for it, at most
// [Options.Wait].
//
// # Untrusted input
//
// The transcript lags behind the hook call: it may lack the final reply or
// not exist yet, and its last line may be half written. Such a line,
// malformed JSON, blank lines, CRLF endings and over-long lines are skipped;
// invalid UTF-8 becomes U+FFFD. A missing file or an empty path is an error
// wrapping fs.ErrNotExist. Nothing in a transcript makes this package panic.
//
// # Tool calls
//
// [ToolUse.String] formats a call the way Claude Code shows it:
// Edit(src/foo.ts), Bash(npm test), Read(package.json). [RecentTools] lists
// the last few calls of a set of messages.
package transcript
