// Command misbehave is a Stop hook built on stophook.Run whose only policy
// misbehaves, for the e2e fail-open scenarios:
//
//	misbehave -panic   the policy panics
//	misbehave -hang    the policy ignores its context and never returns
//	misbehave -error   the policy returns an error
//	misbehave -rawpanic  panic outside stophook.Run (Go exits 2)
//
// Run must let the session stop in the first three cases.
package main

import (
	"context"
	"errors"
	"flag"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
)

func main() {
	panicky := flag.Bool("panic", false, "the policy panics")
	hang := flag.Bool("hang", false, "the policy never returns")
	fail := flag.Bool("error", false, "the policy returns an error")
	raw := flag.Bool("rawpanic", false, "panic outside stophook.Run")
	budget := flag.Duration("budget", time.Second, "RunOptions.Budget")
	flag.Parse()
	if *raw {
		panic("misbehave: raw panic")
	}
	p := stophook.PolicyFunc(func(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
		switch {
		case *panicky:
			panic("misbehave: policy panic")
		case *hang:
			select {} // ignores ctx on purpose
		case *fail:
			return stophook.BlockWith("must not be seen"), errors.New("misbehave: policy error")
		}
		return stophook.BlockWith("must not be seen"), nil
	})
	hook.Main(stophook.NewChain(stophook.Named("misbehave", p)), hook.Options{Budget: *budget})
}
