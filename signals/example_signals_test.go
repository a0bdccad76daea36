package signals_test

import (
	"fmt"

	"github.com/stophook/stophook/signals"
)

func ExampleFind() {
	loopDone := signals.Tag{Name: "loop-done", Values: []string{"COMPLETE", "MAX_ITERATIONS", "STUCK"}}

	shown := "When you are done, print:\n\n```\n<loop-done>COMPLETE</loop-done>\n```\n"
	_, _, ok := signals.Find(shown, loopDone)
	fmt.Println("shown in a code block:", ok)

	said := "All tests pass.\n\n<loop-done>COMPLETE</loop-done>\n"
	tag, value, ok := signals.Find(said, loopDone)
	fmt.Println("on its own line:", ok, tag.Name, value)
	// Output:
	// shown in a code block: false
	// on its own line: true loop-done COMPLETE
}

func ExampleLines() {
	msg := "Run `go test` first.\n\n    <grind-done>MAX_ISSUES</grind-done>\n\n<grind-done>NO_MORE_ISSUES</grind-done>\r\n"
	for _, line := range signals.Lines(msg) {
		fmt.Printf("%q\n", line)
	}
	// Output:
	// "Run `       ` first."
	// "<grind-done>NO_MORE_ISSUES</grind-done>"
}

func ExampleTag_Signal() {
	issueComplete := signals.Tag{Name: "issue-complete", Values: []string{"DONE"}}
	fmt.Println("When the issue is fixed, print", issueComplete.Signal("DONE"), "on a line of its own.")
	// Output:
	// When the issue is fixed, print <issue-complete>DONE</issue-complete> on a line of its own.
}

func ExampleSuggestedCommands() {
	msg := "Phase 2 is done. Next: `/clear`, then `/gsd:plan-phase 3`. Or skip /clear and run /gsd:plan-phase 3 directly."
	fmt.Printf("%q\n", signals.SuggestedCommands(msg))
	// Output:
	// ["/clear" "/gsd:plan-phase 3"]
}
