// Package stophooktest is a test kit for stophook policies and chains.
//
// # Inputs
//
// [Stop], [SubagentStop], [SessionStart], [SessionEnd] and
// [UserPromptSubmit] build hook inputs shaped like Claude Code's, with a
// fixed session id and [T0] as the time; change fields on the returned
// value as needed.
//
// # Assertions
//
// [Run] evaluates policies as a chain; [AssertBlocks] and [AssertStops]
// check the outcome and print the trace on failure.
//
// # Fakes
//
// [Store] is a [stophook.Store] with func fields, falling back to an
// in-memory store; use it to inject failures. [Notifier] fakes the
// escalation's notifier, recording what it was asked (for a summarizer, use
// escalate.SummarizerFunc).
//
// Conformance tests for Store implementations live in package storetest.
package stophooktest
