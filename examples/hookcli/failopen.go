package hookcli

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
)

// commandLinePolicy names the decision-log line of a stop let through
// because the hook's command line could not be used.
const commandLinePolicy = "stophook.command-line"

// FailOpen lets the stop through when the hook cannot run as its command
// line says (a mistyped flag, a store it cannot open): it prints line and
// "; allowing stop" on stderr and returns the exit code, 0. When a
// decision log is set ($STOPHOOK_LOG) it reads the hook input from stdin
// and appends the stop's line there too, as the runner does for each
// stop it lets through, with the policy "stophook.command-line" and line
// as its why: a user reading the log to learn why a session stopped finds
// the reason there.
func FailOpen(line string, stdin io.Reader, stderr io.Writer) int {
	fmt.Fprintf(stderr, "%s; allowing stop\n", line)
	if os.Getenv(hook.LogEnv) == "" {
		return 0
	}
	allow := stophook.Named(commandLinePolicy, stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.AllowStop(line), nil
	}))
	hook.Run(context.Background(), allow, hook.Options{Stdin: stdin, Stdout: io.Discard, Stderr: io.Discard})
	return 0
}
