package stophook

import (
	"context"
	"sync"
	"time"
)

// [Evaluate] runs each chain that may wait on a goroutine of its own, so
// that it can answer at the deadline while a policy that ignores its
// context goes on (a chain that says it does not wait runs on the caller's).
// A fresh goroutine starts on a small stack that a chain's calls (policies
// take and return Input and Decision by value) grow several times over,
// copying it each time: in a hook server that was about a seventh of the
// CPU of a decision. So the goroutines are kept: one that finished a chain
// waits a while for the next and keeps its grown stack.
//
// An idle evaluator holds no job: a policy never outlives the
// evaluation that ran it on such a goroutine any more than on a fresh one.

// evalJob is one chain to run for [Evaluate]. done is buffered: the
// evaluator never waits for an Evaluate that answered at the deadline.
type evalJob struct {
	ctx   context.Context
	chain *Chain
	in    Input
	done  chan Decision
}

// evaluatorIdle is how long an idle evaluator waits for the next job
// before it exits: long enough to serve a busy server from a few kept
// goroutines, short enough that a process which evaluated once (a test)
// soon has none left.
const evaluatorIdle = time.Second

// evalJobs hands a job to an idle evaluator; unbuffered, so a send
// succeeds only when one is waiting.
var evalJobs = make(chan *evalJob)

// jobPool recycles the jobs whose decision was received: their evaluator
// no longer touches them.
var jobPool = sync.Pool{New: func() any { return &evalJob{done: make(chan Decision, 1)} }}

// start runs j on an idle evaluator, or on a new one when none is idle.
func (j *evalJob) start() {
	select {
	case evalJobs <- j:
	default:
		go evaluator(j)
	}
}

// evaluator runs j, then the jobs it is handed until it has been idle for
// evaluatorIdle.
func evaluator(j *evalJob) {
	var idle *time.Timer
	for {
		ctx, chain, in, done := j.ctx, j.chain, j.in, j.done
		j = nil // the job is the caller's once its decision is sent
		done <- chain.evaluate(ctx, &in)
		ctx, chain, in = nil, nil, Input{} // hold nothing while idle
		if idle == nil {
			idle = time.NewTimer(evaluatorIdle)
		} else {
			idle.Reset(evaluatorIdle)
		}
		select {
		case j = <-evalJobs:
		case <-idle.C:
			return
		}
	}
}
