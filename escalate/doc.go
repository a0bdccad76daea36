// Package escalate puts a stopping agent before a human and brings the
// human's answer back.
//
// # Notifiers
//
// A [Notifier] sends one stop message ([Request], rendered by [Format]) and
// waits for an [Answer] until its context ends:
//
//   - [Telegram] speaks the Bot API: the message carries "▶️ Continue" and
//     "⏹️ Let stop" buttons; a text reply to the message is an instruction
//     for the agent. Only the configured chat counts.
//   - [Webhook] POSTs the message (ntfy and chat webhooks) and does not wait.
//   - [Null] sends nothing.
//   - [Multi] fans out to several notifiers; the first decisive answer wins.
//
// # Summaries
//
// A [Summarizer] turns the transcript tail into a few sentences for the
// human: [LLMSummarizer] makes one Messages API call ([AnthropicFromEnv]),
// [CommandSummarizer] runs a program such as `claude -p`. A summary is shown
// to the human only; it never reaches the agent.
//
// # Untrusted text
//
// Transcript text, labels and chat replies are cleaned (invalid UTF-8 and
// control characters removed) and cut: the last message to
// [LastMessageRunes], a reply to [MaxReplyRunes], a whole message to
// Telegram's [MaxMessageLen]. Messages are plain text, so nothing needs
// escaping.
//
// The policy that drives all this is policy.Escalation.
package escalate
