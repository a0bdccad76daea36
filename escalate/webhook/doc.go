// Package webhook notifies a human of a stopping agent with one HTTP POST:
// [Notifier] is a notify-only escalate.Notifier for ntfy
// (https://ntfy.sh/<topic>) and chat webhooks.
//
// # Body
//
// [Notifier.Ask] posts the stop message (escalate.Format, without the
// footer: there are no buttons) as plain text, or, with [Notifier.JSON],
// as a JSON object with the message and its parts. [Notifier.Header] adds
// headers such as Authorization or ntfy's Title. It answers
// escalate.NoAnswer at once, so the session stops; a non-2xx status is an
// error, which names only the URL's host (the path may hold a secret).
package webhook
