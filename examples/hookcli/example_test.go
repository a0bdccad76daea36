package hookcli_test

import (
	"flag"
	"os"

	"github.com/stophook/stophook/examples/hookcli"
)

// A hook's -h: usage, the flags, then the environment it reads.
func ExampleSetUsage() {
	fs := flag.NewFlagSet("stophook-mine", flag.ContinueOnError)
	fs.SetOutput(os.Stdout)
	var withContext bool
	hookcli.Continue(fs, &withContext)
	hookcli.SetUsage(fs, "usage: stophook-mine [flags] < hook-input.json",
		[]hookcli.Var{{"MINE_TOKEN", "token of my service"}})
	fs.Usage()
	// Output:
	// usage: stophook-mine [flags] < hook-input.json
	//
	// flags:
	//   -continue block
	//     	how to continue a Stop: block (decision:block) or context (Claude Code: additionalContext, no "hook reported a problem" label; other hosts: their usual continuation) (default block)
	//
	// environment:
	//   MINE_TOKEN                       token of my service
}
