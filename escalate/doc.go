// Package escalate puts a stopping agent before a human and brings the
// human's answer back.
//
// # Notifiers
//
// A [Notifier] sends one stop message ([Request], rendered by [Format]) and
// waits for an [Answer] until its context ends:
//
//   - escalate/telegram's Notifier speaks the Bot API: the message carries
//     "▶️ Continue" and "⏹️ Let stop" buttons; a text reply to the message
//     is an instruction for the agent. Only the configured chat counts.
//   - escalate/webhook's Notifier POSTs the message (ntfy and chat
//     webhooks) and does not wait.
//   - [Null] sends nothing.
//   - [Multi] fans out to several notifiers; the first decisive answer wins.
//   - [NotifierFunc] adapts a function.
//
// # Summaries
//
// A [Summarizer] turns the transcript tail into a few sentences for the
// human: [LLMSummarizer] makes one language model call through an
// llm.Model (a hook's main wires one from package llm/provider, such as
// provider.Anthropic()), [CommandSummarizer] runs a program such as
// `claude -p`. A
// summary is shown to the human only; it never reaches the agent.
//
// # Untrusted text
//
// Transcript text, labels and chat replies are cleaned (invalid UTF-8 and
// control characters removed) and cut: the last message to its last 800
// characters, a reply to 2000 characters, a whole message to Telegram's
// limit of 4096 UTF-16 code units. Messages are plain text, so nothing
// needs escaping.
//
// # Start-up cost
//
// This package does not import net/http: the notifiers and summarizers
// that speak HTTP live in the subpackages telegram and webhook (and the
// models in llm/provider), so a hook binary that never escalates over the network does
// not pay for an HTTP and TLS stack at start-up (about 2 ms).
//
// The policies that drive all this are [Register] (records each session)
// and [Escalation] (asks the human on a stop, waits, brings the answer back).
package escalate
