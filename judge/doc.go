// Package judge reads an agent's final message and says what it asks of
// the user: nothing ([Done]), leave to go on ([Permission]: "Shall I
// proceed?"), a choice or information only a human can give ([Decision]:
// "Which database do you prefer, Postgres or SQLite?"), or whether it
// stopped on an error ([Error]).
//
// # How a message is read
//
// [Classify] looks at the last [MaxInput] bytes of the message. Code is
// blanked first with [signals.Prose], so a question inside a code block or
// an inline code span is never taken for one the agent asks. What counts is
// the closing of the message: its last few prose lines, where list items
// (options, a plan's steps) after a question do not push the question out
// of the closing. A question earlier in the message, answered or rhetorical,
// is ignored.
//
// A closing question is a [Decision] when it offers alternatives ("A or
// B?", "Which …", "How should I …", options listed under it) or asks the
// human for something ("Can you share the log?"); it is a [Permission] when
// a plain yes lets the agent go on ("Shall I proceed?", "Want me to run the
// tests?", "Does the plan look good?", "Let me know if you'd like me to
// proceed."); a courtesy question ("Anything else?") is [Done]. Without a
// closing question, a closing that reports a failure ("The build still
// fails", "I was unable to …") and no success is an [Error].
//
// # Limits
//
// The rules are English phrase patterns, measured on a labelled set of real
// final messages (testdata/labelled.jsonl; the test prints precision and
// recall per class, on the part used for tuning and on a held-out part).
// Other languages are read as [Done]. Classify is cheap (a goldmark parse of
// at most 16 KiB and a few regular expressions) and never panics on any
// input.
package judge
