package judge_test

import (
	"fmt"

	"github.com/stophook/stophook/judge"
)

func ExampleClassify() {
	for _, msg := range []string{
		"The plan is ready. Shall I proceed?",
		"Which database do you prefer, Postgres or SQLite?",
		"The build still fails: undefined: parseConfig.",
		"Done: all 42 tests pass.",
		"I added the prompt:\n\n```\nShall I proceed? [y/N]\n```\n\nThe CLI now asks before deleting.",
	} {
		c, _ := judge.Classify(msg)
		fmt.Println(c)
	}
	// Output:
	// permission
	// decision
	// error
	// done
	// done
}
