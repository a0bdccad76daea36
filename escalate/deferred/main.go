package deferred

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os/signal"
	"syscall"

	"github.com/stophook/stophook"
)

// WaitCommand is the hidden first argument that makes a hook binary run as
// a waiter (see [startWaiter] and [Main]).
const WaitCommand = "__stophook-deferred-wait"

// Main runs a waiter from the command line startWaiter builds (the
// arguments after WaitCommand) and returns the exit code. channel builds
// the Channel from the environment (the hook's, inherited); it is called
// once. Errors go to stderr (the waiters' log). A hook binary dispatches
// on the first argument:
//
//	if len(os.Args) > 1 && os.Args[1] == deferred.WaitCommand {
//		os.Exit(deferred.Main(os.Args[2:], os.Stderr, channelFromEnv))
//	}
func Main(args []string, stderr io.Writer, channel func() (Channel, error)) int {
	fs := flag.NewFlagSet(WaitCommand, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // the hook writes this command line: a mistake is one line, not the usage
	state := fs.String("state", "", "state `DIR`")
	session := fs.String("session", "", "session `ID`")
	id := fs.String("id", "", "job `ID`")
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(stderr, "deferred: waiter: %v\n", err)
		return 2
	}
	if *state == "" || *session == "" || !validID(*id) {
		fmt.Fprintln(stderr, "deferred: waiter needs -state, -session and -id")
		return 2
	}
	ch, err := channel()
	if err != nil || ch == nil {
		fmt.Fprintf(stderr, "deferred: waiter for %s: no channel: %v\n", *session, err)
		transition(context.Background(), stophook.NewFileStore(*state), *session, *id, stateClosed, "no channel in the waiter")
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	w := &answerWaiter{Channel: ch, Store: stophook.NewFileStore(*state)}
	out, err := w.Run(ctx, *session, *id)
	if err != nil {
		fmt.Fprintf(stderr, "deferred: waiter for %s: %v (%s)\n", *session, err, out.Note)
		return 1
	}
	return 0
}
