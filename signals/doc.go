// Package signals reads what an agent's last message says: whether it
// printed a completion signal, whether it reports an error, and which
// commands it suggests.
//
// # Completion signals outside code
//
// Loops end when the agent prints a signal such as
// <loop-done>COMPLETE</loop-done> on a line of its own. Bash hooks grep for
// it and so also stop when the agent merely shows the signal in a code block
// while explaining it. [Find] counts a signal only outside code: [Prose]
// parses the message as CommonMark with goldmark, blanks every fenced block
// (``` and ~~~, closed or not, also inside lists and block quotes), indented
// code block and inline code span, and [Lines] splits what remains into
// trimmed lines. A [Tag] matches a line that is exactly <Name>VALUE</Name>
// with VALUE one of its Values.
//
// Blanking rather than walking text nodes matters: a signal alone on a line
// is inline raw HTML inside a paragraph to a Markdown parser, not text.
//
// # Limits
//
// Messages are untrusted. Only the last 256 KiB of a message are examined
// for signals, and containers nested deeper than 32 levels on a
// line are read as text: goldmark's cost grows faster than its input on some
// hostile shapes, and these limits bound it. CRLF and lone CR line endings
// and invalid UTF-8 are accepted, and no input makes these functions panic.
// [Find] parses only messages that have a line that looks like a signal.
//
// # Heuristics
//
// [SuggestedCommands] extracts the /gsd:… and /clear commands a message
// recommends, deduplicated in order. Whether a message reports an error is
// package judge's business (judge.Classify, or judge.Keywords for the
// keyword heuristic).
package signals
