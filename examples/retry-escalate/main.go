// Command stophook-retry-escalate is a Stop hook that registers the
// session, guards against loops, retries when the agent stops on an error,
// and otherwise asks a human on Telegram, with an LLM summary of the
// transcript, whether the agent should continue.
//
//	stophook-retry-escalate [-retry-on-error=true] [-max-retries 2] [-escalate-timeout 5m]
//	                        [-label NAME] [-summary-command CMD] [-config FILE] [-state DIR] [-store URL] [-explain]
//	                        [-page-during-background] [-continue block|context]
//	                        [-deferred [-deferred-wait 4h]]
//
// With -deferred the hook sends the question and lets the session stop at
// once; a detached waiter (this binary, re-executed) waits up to
// -deferred-wait for the answer and posts it to the session's messaging
// socket, which starts a new turn. The user typing in the session first
// (UserPromptSubmit), the session ending (SessionEnd), or a newer question
// closes the wait; register the hook for UserPromptSubmit, SessionEnd and
// SessionStart too (on resume the question follows the session's new
// socket). Where the answer cannot be delivered later (claude -p, no socket,
// not Unix) the hook asks and waits as without -deferred.
//
// A stop while a background task runs (background_tasks in the Stop input)
// is a pause: Claude Code starts the next turn when the task ends, so the
// hook neither retries nor pages the human; -page-during-background pages
// anyway.
//
// Escalation is on when TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are set
// (TELEGRAM_API_URL overrides https://api.telegram.org). The summary uses
// ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL (STOPHOOK_SUMMARY_MODEL picks the
// model) and is skipped without a key; -summary-command runs a program
// instead (the prompt on its stdin). Register the command for Stop and
// SessionEnd; SessionEnd clears the session's retry count and record.
//
// The optional JSON config file holds the same settings; flags given on
// the command line win over it:
//
//	{"stop": {"retryOnError": true, "maxRetries": 2, "escalateToTelegram": true}}
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/escalate"
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
	RetryOnError       bool
	MaxRetries         int
	EscalateToTelegram bool
	EscalateTimeout    time.Duration
	Label              string
	SummaryCommand     []string
	// ContinueWithContext continues with Stop additionalContext instead of
	// a block (-continue context).
	ContinueWithContext bool
	// Deferred lets the session stop at once after asking; the answer
	// starts a new turn through the session's messaging socket.
	Deferred bool
	// DeferredWait bounds the wait of a deferred question.
	DeferredWait time.Duration
	// PageDuringBackground asks the human even while a background task runs.
	PageDuringBackground bool
	State                string
	// StoreURL is -store (see package storeurl); Store is the store it
	// opened, nil for the default.
	StoreURL string
	Store    stophook.Store
	Explain  bool
}

// fileConfig is the JSON config file.
type fileConfig struct {
	Stop struct {
		RetryOnError       *bool `json:"retryOnError"`
		MaxRetries         *int  `json:"maxRetries"`
		EscalateToTelegram *bool `json:"escalateToTelegram"`
	} `json:"stop"`
}

// maxConfigBytes bounds the config file.
const maxConfigBytes = 1 << 20

// parseConfig reads flags, then the config file for settings not given as flags.
// -h prints the usage on help.
func parseConfig(args []string, help io.Writer) (Config, error) {
	fs := flag.NewFlagSet("stophook-retry-escalate", flag.ContinueOnError)
	fs.SetOutput(help)
	hookcli.SetUsage(fs, "usage: stophook-retry-escalate [flags] < hook-input.json", hookcli.Runner, hookcli.Telegram, hookcli.Summary,
		[]hookcli.Var{{storeurl.Env, "default -store"}})
	c := Config{}
	fs.BoolVar(&c.RetryOnError, "retry-on-error", true, "send the agent back when its last message reports an error")
	fs.IntVar(&c.MaxRetries, "max-retries", 2, "retries in a row within one turn before escalating")
	fs.DurationVar(&c.EscalateTimeout, "escalate-timeout", 5*time.Minute, "how long to wait for the human (keep well below the hook timeout)")
	fs.StringVar(&c.Label, "label", "", "session label in the Telegram message (default: <dir> · <session id>)")
	summaryCmd := fs.String("summary-command", "", "summarise with this `COMMAND` (prompt on stdin, e.g. \"claude -p --model haiku\") instead of the Messages API")
	configFile := fs.String("config", "", "JSON config `FILE`: {\"stop\":{\"retryOnError\",\"maxRetries\",\"escalateToTelegram\"}}")
	fs.StringVar(&c.State, "state", "", "state `DIR` (default $STOPHOOK_STATE_DIR, else <cwd>/.claude/stophook)")
	fs.StringVar(&c.StoreURL, "store", "", storeurl.Usage)
	fs.BoolVar(&c.Explain, "explain", false, "print the decision trace on stderr")
	hookcli.Continue(fs, &c.ContinueWithContext)
	fs.BoolVar(&c.Deferred, "deferred", false, "ask without holding the session: it stops at once, and the answer starts a new turn (interactive Claude Code on Unix; claude -p still waits)")
	fs.DurationVar(&c.DeferredWait, "deferred-wait", deferred.DefaultWait, "how long a -deferred question waits for its answer")
	fs.BoolVar(&c.PageDuringBackground, "page-during-background", false, "ask the human even when the agent stops while a background task runs (default: such a stop is a pause)")
	c.EscalateToTelegram = true
	hookcli.Version(fs)
	if err := hookcli.Parse(fs, args); err != nil {
		return Config{}, err
	}
	if fs.NArg() > 0 {
		return Config{}, fmt.Errorf("retry-escalate: unexpected argument %s (flags go before any argument)", hookcli.QuoteArg(fs.Arg(0)))
	}
	if f := strings.Fields(*summaryCmd); len(f) > 0 {
		c.SummaryCommand = f
	}
	if *configFile != "" {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		fc, err := readConfigFile(*configFile)
		if err != nil {
			return Config{}, err
		}
		if v := fc.Stop.RetryOnError; v != nil && !set["retry-on-error"] {
			c.RetryOnError = *v
		}
		if v := fc.Stop.MaxRetries; v != nil && !set["max-retries"] {
			c.MaxRetries = *v
		}
		if v := fc.Stop.EscalateToTelegram; v != nil {
			c.EscalateToTelegram = *v
		}
	}
	if c.MaxRetries < 0 {
		return Config{}, fmt.Errorf("retry-escalate: -max-retries must not be negative")
	}
	if c.DeferredWait <= 0 {
		return Config{}, fmt.Errorf("retry-escalate: -deferred-wait must be positive")
	}
	if c.EscalateTimeout <= 0 {
		return Config{}, fmt.Errorf("retry-escalate: -escalate-timeout must be positive")
	}
	return c, nil
}

func readConfigFile(path string) (fileConfig, error) {
	var fc fileConfig
	data, err := readRegular(path, maxConfigBytes)
	if err != nil {
		return fc, fmt.Errorf("retry-escalate: config: %w", err)
	}
	if err := json.Unmarshal(data, &fc); err != nil {
		return fc, fmt.Errorf("retry-escalate: config %s: %w", path, err)
	}
	return fc, nil
}

// readRegular reads at most max bytes of the regular file at path: a FIFO
// or a device is refused before it is opened, so reading never waits on
// one, and a longer file is an error.
func readRegular(path string, max int64) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err == nil && int64(len(data)) > max {
		err = errors.New("file too large")
	}
	return data, err
}

// slack is added to the escalate timeout for the hook's whole budget: the
// summary, the transcript and the closing Telegram edit.
const slack = escalate.DefaultSummaryTimeout + 30*time.Second

// build returns the chain and run options for c. The notifier and
// summarizer come from the environment; problems are reported on stderr
// and switch the feature off.
func build(c Config, stderr io.Writer) (*stophook.Chain, hook.Options) {
	store := c.Store // nil: a FileStore in each input's state dir
	if store == nil && c.State != "" {
		store = stophook.NewFileStore(c.State)
	}
	// No policy.StopActive guard: within one turn the retries come first, then
	// the human is asked, and asked again after a reply or Continue,
	// until Let stop, a timeout or the runner's per-turn budget.
	policies := []stophook.Policy{
		&escalate.Register{Store: store, Label: c.Label},
	}
	turnJudge := &policy.Judge{} // shared: the retry and the escalation judge each stop once
	retry := &policy.ErrorRetry{Store: store, MaxRetries: c.MaxRetries, Judge: turnJudge}
	// stillFailing tells the escalation whether a stop after a retry still
	// reports an error (the retries are used up: ask the human) or not
	// (the retry fixed it: let it stop).
	stillFailing := func(ctx context.Context, in stophook.Input) bool {
		return turnJudge.Verdict(ctx, in).Class == judge.Error
	}
	if !c.RetryOnError || c.MaxRetries == 0 {
		// Never retry, but still clear stale counts on stops and SessionEnd.
		retry.Matcher = noErrors{}
		stillFailing = func(context.Context, stophook.Input) bool { return false }
	}
	// A stop while a background task runs is a pause: no retry, and no
	// page unless -page-during-background.
	policies = append(policies, policy.PauseOnBackgroundTasks(retry))
	if c.EscalateToTelegram {
		tg, ok, err := telegram.FromEnv()
		switch {
		case err != nil:
			fmt.Fprintf(stderr, "retry-escalate: %v; escalation off\n", err)
		case ok:
			esc := &escalate.Escalation{Notifier: tg, Store: store, Label: c.Label, Timeout: c.EscalateTimeout, Continued: stillFailing}
			if c.Deferred {
				asker := &deferred.Asker{Channel: deferred.Telegram(tg), StateDir: c.State, Wait: c.DeferredWait}
				esc.Defer = asker
				// The asker also sees UserPromptSubmit and SessionEnd, which
				// cancel a pending question.
				policies = append([]stophook.Policy{asker}, policies...)
			}
			if len(c.SummaryCommand) > 0 {
				esc.Summarizer = &escalate.CommandSummarizer{Path: c.SummaryCommand[0], Args: c.SummaryCommand[1:]}
			} else if m, err := provider.Anthropic(); err == nil {
				esc.Summarizer = &escalate.LLMSummarizer{Model: m}
			}
			if c.PageDuringBackground {
				policies = append(policies, esc)
			} else {
				policies = append(policies, policy.PauseOnBackgroundTasks(esc))
			}
		}
	}
	opts := hook.Options{
		Explain:             c.Explain,
		ContinueWithContext: c.ContinueWithContext,
		Events:              []stophook.Event{stophook.EventStop, stophook.EventSessionEnd},
		Budget:              c.EscalateTimeout + slack,
		Store:               store,
	}
	return stophook.NewChain(policies...), opts
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
		fmt.Fprintf(stderr, "stophook-retry-escalate: %v; using the default store\n", warn)
	}
	opened, err := storeurl.Open(spec, storeurl.Options{})
	if err != nil {
		return hookcli.FailOpen(fmt.Sprintf("stophook-retry-escalate: %v", err), stdin, stderr)
	}
	if opened != nil {
		c.Store = opened.Store
		defer opened.Close()
	}
	chain, opts := build(c, stderr)
	opts.Stdin, opts.Stdout, opts.Stderr = stdin, stdout, stderr
	return hook.Run(context.Background(), chain, opts)
}

// noErrors is a policy.Matcher that never sees an error.
type noErrors struct{}

func (noErrors) Match(string) bool { return false }

// telegramChannel is the deferred waiter's channel: the Telegram bot of
// the hook's environment, inherited by the waiter.
func telegramChannel() (deferred.Channel, error) {
	tg, ok, err := telegram.FromEnv()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("retry-escalate: TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are not set")
	}
	return deferred.Telegram(tg), nil
}
