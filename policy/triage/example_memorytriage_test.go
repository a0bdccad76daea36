package triage_test

import (
	"context"
	"fmt"
	"github.com/stophook/stophook/llm"
	"github.com/stophook/stophook/policy/triage"
	"os"

	"github.com/stophook/stophook"
)

// MemoryTriage sends the agent back once to save what its turn decided and
// deferred; the next stop is let through.
func ExampleMemoryTriage() {
	project, _ := os.MkdirTemp("", "project")
	defer os.RemoveAll(project)
	chain := stophook.NewChain(&triage.MemoryTriage{})
	ctx := context.Background()

	in := stophook.Input{
		HookEventName: stophook.EventStop,
		SessionID:     "example",
		CWD:           project, // config and loop-guard flag live in <cwd>/.claude/
		// TranscriptPath: the transcript's tail adds the turn's history.
		LastAssistantMessage: "Chose command-type hooks over prompt-type hooks for reliability.\n\n" +
			"Deferred multi-LLM consensus voting for future implementation.",
	}
	d, _ := chain.Evaluate(ctx, in)
	fmt.Println(d.Verdict)
	fmt.Println(d.Reason)

	d, _ = chain.Evaluate(ctx, in) // the agent saved them and stops again
	fmt.Println(d.Blocks(), "-", d.Trace[0])
	// Output:
	// block
	// Save the following memories before stopping:
	// - [DECISION] Chose command-type hooks over prompt-type hooks for reliability.
	// - [TECH_DEBT] Deferred multi-LLM consensus voting for future implementation.
	//
	// Use the memory-management skill to save each item.
	// After saving, you may stop.
	// false - MemoryTriage: pass: flag file .stop_hook_active present: memories were already requested
}

// A Model refines what the heuristics found; here a stand-in for an
// LLM keeps only the decision, reworded.
func ExampleMemoryTriage_model() {
	project, _ := os.MkdirTemp("", "project")
	defer os.RemoveAll(project)
	model := llm.Func(func(ctx context.Context, system, prompt string) (string, error) {
		return `{"memories":[{"category":"DECISION","text":"Stop hooks: command type, not prompt type"}]}`, nil
	})
	p := &triage.MemoryTriage{Model: model} // used in hybrid mode, the default
	d, _ := p.Evaluate(context.Background(), stophook.Input{
		HookEventName: stophook.EventStop,
		CWD:           project,
		LastAssistantMessage: "Chose command-type hooks over prompt-type hooks for reliability.\n\n" +
			"Deferred multi-LLM consensus voting for future implementation.",
	})
	fmt.Println(d.Reason)
	// Output:
	// Save the following memories before stopping:
	// - [DECISION] Stop hooks: command type, not prompt type
	//
	// Use the memory-management skill to save each item.
	// After saving, you may stop.
}

// Providers makes LLMs available under llm_provider names. A hook's main
// wires the built-in ones with provider.All() (package llm/provider:
// "anthropic", "gemini-flash"); this one adds a stand-in.
func ExampleMemoryTriage_providers() {
	providers := map[string]func() (llm.Model, error){
		"example-llm": func() (llm.Model, error) {
			// A real provider reads its API key here and fails without one.
			return llm.Func(func(ctx context.Context, system, prompt string) (string, error) {
				return `{"memories":[{"category":"TECH_DEBT","text":"Multi-LLM voting is deferred"}]}`, nil
			}), nil
		},
	}
	project, _ := os.MkdirTemp("", "project")
	defer os.RemoveAll(project)
	p := &triage.MemoryTriage{Providers: providers, Config: &triage.Config{LLMProvider: "example-llm"}}
	d, _ := p.Evaluate(context.Background(), stophook.Input{
		HookEventName: stophook.EventStop,
		CWD:           project,
		LastAssistantMessage: "Chose command-type hooks over prompt-type hooks for reliability.\n\n" +
			"Deferred multi-LLM consensus voting for future implementation.",
	})
	fmt.Println(d.Reason)
	// Output:
	// Save the following memories before stopping:
	// - [TECH_DEBT] Multi-LLM voting is deferred
	//
	// Use the memory-management skill to save each item.
	// After saving, you may stop.
}
