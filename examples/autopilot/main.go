// Command autopilot is a Stop hook that keeps an agent working unattended.
// At each stop it reads the agent's last message (package judge) and:
//   - retries when the agent stopped on an error, up to -max-retries times
//     in a row;
//   - answers a permission question ("Shall I proceed?", "Do you want me to
//     run the tests?") with -reply, "Yes, go ahead." by default, at most once
//     per turn;
//   - puts a question that needs a human ("Which database do you prefer,
//     Postgres or SQLite?") to the human on Telegram when TELEGRAM_BOT_TOKEN
//     and TELEGRAM_CHAT_ID are set (TELEGRAM_API_URL overrides the API), and
//     brings the answer back; without Telegram it lets the session stop and
//     says why;
//   - lets every other stop (the work is done) end the turn.
//
// A stop while a background task runs (background_tasks) is a pause: Claude
// Code starts the next turn when the task ends, so autopilot lets it
// through without retrying, replying or asking anyone.
//
// Usage:
//
//	autopilot [-reply TEXT] [-max-retries 2] [-continue context|block]
//	          [-escalate-timeout 5m] [-label NAME] [-state DIR] [-store URL] [-exit2] [-explain]
//	          [-resume-after 30s] [-deferred [-deferred-wait 4h]] [-page-during-background]
//
// -continue context (the default) sends each continuation as Stop
// additionalContext: Claude Code shows "Stop hook says: …" and the model
// gets no "blocking error" message; -continue block sends decision:"block"
// (and -exit2 also exits 2). Both count the same toward the per-turn budget
// and Claude Code's block cap.
//
// -resume-after D (30s by default; 0 turns it off) handles StopFailure, the
// event Claude Code sends instead of Stop when a turn ends on a rate limit
// or a server error: the hook waits D, doubling at each failure in a row
// (bounded), then exits 2, and Claude Code resends the request. Register it
// for StopFailure as an async hook with "asyncRewake": true (see
// docs/resume.md); `claude -p` does not resume.
//
// -deferred sends the Telegram question and lets the session stop at once;
// a detached waiter posts the answer to the session's messaging socket,
// which starts a new turn (up to -deferred-wait; see escalate/deferred).
// -page-during-background asks the human even during a pause.
//
// Register the command for Stop and SessionEnd (SessionEnd clears the
// session's retry count), and for UserPromptSubmit and SessionStart with
// -deferred. Every error lets the session stop: the hook never
// traps an agent.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/stophook/stophook/escalate"
	"io"
	"os"
	"strings"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/escalate/deferred"
	"github.com/stophook/stophook/escalate/telegram"
	"github.com/stophook/stophook/examples/hookcli"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/judge"
	"github.com/stophook/stophook/llm/provider"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/storeurl"
)

func main() {
	// Installed as a Claude Code plugin, the Telegram settings come from
	// the plugin's options.
	hookcli.ExportPluginOptions("TELEGRAM_BOT_TOKEN", "TELEGRAM_CHAT_ID")
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Config is the effective configuration.
type Config struct {
	Reply      string
	MaxRetries int
	// ContinueWithContext continues with Stop additionalContext (the
	// default) instead of a block (-continue block).
	ContinueWithContext bool
	EscalateTimeout     time.Duration
	Label               string
	State               string
	// StoreURL is -store (see package storeurl); Store is the store it
	// opened, nil for the default.
	StoreURL string
	Store    stophook.Store
	Exit2    bool
	Explain  bool
	JudgeLLM bool // -judge-llm: an LLM settles low-confidence verdicts
	Claude   claudeConfig
}

// parseConfig reads the command line.
// -h prints the usage on help.
func parseConfig(args []string, help io.Writer) (Config, error) {
	fs := flag.NewFlagSet("stophook-autopilot", flag.ContinueOnError)
	fs.SetOutput(help)
	c := Config{ContinueWithContext: true}
	fs.StringVar(&c.Reply, "reply", policy.DefaultAutoReply, "continuation that answers a permission question (once per turn)")
	fs.IntVar(&c.MaxRetries, "max-retries", 2, "retries in a row within one turn when the agent stops on an error (0: never)")
	hookcli.Continue(fs, &c.ContinueWithContext)
	fs.DurationVar(&c.EscalateTimeout, "escalate-timeout", 5*time.Minute, "how long to wait for the human on Telegram (keep well below the hook timeout)")
	fs.StringVar(&c.Label, "label", "", "session label in the Telegram message (default: <dir> · <session id>)")
	fs.StringVar(&c.State, "state", "", "state `DIR` (default $STOPHOOK_STATE_DIR, else <cwd>/.claude/stophook)")
	fs.StringVar(&c.StoreURL, "store", "", storeurl.Usage)
	fs.BoolVar(&c.Exit2, "exit2", false, "report a continuation with exit code 2 as well as JSON")
	fs.BoolVar(&c.Explain, "explain", false, "print the decision trace on stderr")
	fs.BoolVar(&c.JudgeLLM, "judge-llm", false, "let Claude (ANTHROPIC_API_KEY) settle the turn judge's low-confidence verdicts")
	c.Claude.register(fs)
	hookcli.SetUsage(fs, "usage: stophook-autopilot [flags] < hook-input.json\n\n"+
		"A Stop hook that retries errors, answers permission questions once per turn,\n"+
		"asks a human on Telegram for real decisions and lets finished work stop.",
		hookcli.Runner, hookcli.Telegram, hookcli.Summary, []hookcli.Var{{storeurl.Env, "default -store"}})
	hookcli.Version(fs)
	if err := hookcli.Parse(fs, args); err != nil {
		return Config{}, err
	}
	if fs.NArg() > 0 {
		return Config{}, fmt.Errorf("autopilot: unexpected argument %s", hookcli.QuoteArg(fs.Arg(0)))
	}
	c.Reply = strings.TrimSpace(c.Reply)
	switch {
	case c.Reply == "":
		return Config{}, errors.New("autopilot: -reply must not be empty")
	case c.MaxRetries < 0:
		return Config{}, errors.New("autopilot: -max-retries must not be negative")
	case c.EscalateTimeout <= 0:
		return Config{}, errors.New("autopilot: -escalate-timeout must be positive")
	}
	if err := c.Claude.validate(); err != nil {
		return Config{}, err
	}
	return c, nil
}

// retryReason sends the agent back after an error reply. Its last sentence
// makes a wrong error verdict cheap: an agent that had in fact finished
// says so and stops.
const retryReason = policy.DefaultRetryReason + " If the task is in fact complete, say so in one line."

// slack is added to the escalate timeout for the hook's whole budget: the
// summary, the transcript and the closing Telegram edit.
const slack = escalate.DefaultSummaryTimeout + 30*time.Second

// build returns the chain and run options for c. Telegram comes from the
// environment; a bad setting is reported on stderr and switches escalation
// off.
func build(c Config, stderr io.Writer) (stophook.Policy, hook.Options) {
	store := c.Store // nil: a FileStore in each input's state dir
	if store == nil && c.State != "" {
		store = stophook.NewFileStore(c.State)
	}
	// One turn judge for the chain: each stop is judged once, from the
	// last message and the tool results of the turn's transcript.
	j := &policy.Judge{}
	if c.JudgeLLM {
		if m, err := provider.Anthropic(); err == nil {
			j.Settle = m
		} else {
			fmt.Fprintln(stderr, "autopilot: -judge-llm needs ANTHROPIC_API_KEY; judging offline")
		}
	}
	isDecision := j.Is(judge.Question, judge.Decision)

	// N retries in a row within one turn, as in every ready hook; each
	// prompt gets its own retries.
	retry := &policy.ErrorRetry{Store: store, MaxRetries: c.MaxRetries, Judge: j, Reason: retryReason}
	if c.MaxRetries == 0 {
		// Never retry, but still clear stale counts on stops and SessionEnd.
		retry.Matcher = policy.MatcherFunc(func(string) bool { return false })
	}
	// A stop while a background task runs is a pause: Claude Code starts
	// the next turn by itself when the task ends, so nothing here acts on it.
	wait := policy.PauseOnBackgroundTasks
	var policies []stophook.Policy
	esc := escalation(c, store, stderr)
	if esc != nil {
		policies = append(policies, &escalate.Register{Store: store, Label: c.Label})
	}
	policies = append(policies,
		wait(retry),
		wait(&policy.AutoReply{Reply: c.Reply, Judge: j}),
	)
	if esc != nil && c.Claude.PageDuringBackground {
		policies = append(policies, policy.IfMessage(isDecision, esc))
	} else if esc != nil {
		policies = append(policies, wait(policy.IfMessage(isDecision, esc)))
	}
	policies = append(policies, wait(policy.IfMessage(isDecision, noHuman(esc != nil))))

	opts := hook.Options{
		Explain:             c.Explain,
		Events:              []stophook.Event{stophook.EventStop},
		Budget:              hook.DefaultBudget,
		Store:               store,
		ContinueWithContext: c.ContinueWithContext,
	}
	if esc != nil {
		opts.Budget = c.EscalateTimeout + slack
	}
	if c.Exit2 {
		opts.ExitCode = true
	}
	if esc != nil {
		tg, _ := esc.Notifier.(*telegram.Notifier)
		policies = c.Claude.withDeferred(policies, esc, tg, c.State)
	}
	policies = c.Claude.withResume(policies, store, &opts)
	return stophook.NewChain(policies...), opts
}

// escalation returns the Telegram escalation, or nil when Telegram is not
// configured or misconfigured.
func escalation(c Config, store stophook.Store, stderr io.Writer) *escalate.Escalation {
	tg, ok, err := telegram.FromEnv()
	if err != nil {
		fmt.Fprintf(stderr, "autopilot: %v; escalation off\n", err)
		return nil
	}
	if !ok {
		return nil
	}
	esc := &escalate.Escalation{Notifier: tg, Store: store, Label: c.Label, Timeout: c.EscalateTimeout}
	if m, err := provider.Anthropic(); err == nil {
		esc.Summarizer = &escalate.LLMSummarizer{Model: m}
	}
	return esc
}

// noHuman lets a decision question stop the session with one line for the
// user saying why: nobody was asked (no Telegram), or the human did not
// send the agent back.
func noHuman(escalated bool) stophook.Policy {
	return stophook.Named("NoHuman", stophook.PolicyFunc(func(_ context.Context, in stophook.Input) (stophook.Decision, error) {
		if !in.IsStop() {
			return stophook.PassOn("not a stop"), nil
		}
		d := stophook.AllowStop("the agent asks the human to decide")
		if !escalated {
			d.SystemMessage = "autopilot: the agent asks you to decide; stopping (set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID to be asked on Telegram)"
		}
		return d, nil
	}))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == deferred.WaitCommand {
		return deferred.Main(args[1:], stderr, telegramChannel)
	}
	c, err := parseConfig(args, stdout)
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			return hookcli.FailOpen(err.Error(), stdin, stderr)
		}
		return 0 // fail open, even on a bad command line
	}
	spec, warn := storeurl.FromFlags(c.StoreURL, c.State, os.Getenv)
	if warn != nil {
		fmt.Fprintf(stderr, "stophook-autopilot: %v; using the default store\n", warn)
	}
	opened, err := storeurl.Open(spec, storeurl.Options{})
	if err != nil {
		return hookcli.FailOpen(fmt.Sprintf("stophook-autopilot: %v", err), stdin, stderr)
	}
	if opened != nil {
		c.Store = opened.Store
		defer opened.Close()
	}
	p, opts := build(c, stderr)
	if c.Claude.ResumeAfter > 0 {
		// A StopFailure may wait minutes for the API; every other event
		// keeps the usual budget.
		p = budgetExceptStopFailure(opts.Budget, p)
		opts.Budget = max(opts.Budget, c.Claude.resumeBudget())
	}
	opts.Stdin, opts.Stdout, opts.Stderr = stdin, stdout, stderr
	return hook.Run(context.Background(), p, opts)
}
