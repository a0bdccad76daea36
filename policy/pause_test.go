package policy_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/stophooktest"
)

func withTasks(in stophook.Input, tasks ...string) stophook.Input {
	for _, t := range tasks {
		in.BackgroundTasks = append(in.BackgroundTasks, json.RawMessage(t))
	}
	return in
}

const runningTask = `{"id":"b1","type":"shell","status":"running","description":"sleep 30","command":"sleep 30"}`

func TestPauseOnBackgroundTasks(t *testing.T) {
	t.Parallel()
	blocker := stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.BlockWith("keep going"), nil
	})
	tests := []struct {
		name  string
		in    stophook.Input
		block bool
		why   string
	}{
		{"no tasks", stophooktest.Stop("done"), true, ""},
		{"running task", withTasks(stophooktest.Stop("done"), runningTask), false, `paused: 1 background task running (b1 "sleep 30")`},
		{"two tasks, one done", withTasks(stophooktest.Stop("done"), `{"id":"b0","status":"completed"}`, runningTask, `{"id":"b2","command":"make"}`), false, "paused: 2 background tasks"},
		{"finished tasks only", withTasks(stophooktest.Stop("done"), `{"id":"b0","status":"completed"}`, `{"id":"b3","status":"failed"}`), true, ""},
		{"malformed entries ignored", withTasks(stophooktest.Stop("done"), `"x"`, `[1]`, `null`), true, ""},
		{"subagent stop", withTasks(stophooktest.SubagentStop("done"), runningTask), false, "paused"},
		{"other events reach the policy", withTasks(stophooktest.UserPromptSubmit("hi"), runningTask), true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := policy.PauseOnBackgroundTasks(stophook.Named("Blocker", blocker))
			d, err := p.Evaluate(context.Background(), tt.in)
			if err != nil || d.Blocks() != tt.block || !strings.Contains(d.Why, tt.why) {
				t.Errorf("got %v %q, %v; want block %v, why containing %q", d.Verdict, d.Why, err, tt.block, tt.why)
			}
			if !tt.block && d.Verdict != stophook.Pass {
				t.Errorf("paused stop: got %v, want pass", d.Verdict)
			}
			if got := stophook.PolicyName(p); got != "Blocker" {
				t.Errorf("name: got %q, want the wrapped policy's", got)
			}
		})
	}
}

func FuzzRunningBackgroundTasks(f *testing.F) {
	for _, s := range []string{runningTask, `{"status":"completed"}`, `{}`, `"x"`, `{"status":1}`, `{"id":"\u0000","description":"` + strings.Repeat("é", 80) + `"}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		in := stophooktest.Stop("x")
		in.BackgroundTasks = []json.RawMessage{json.RawMessage(raw)}
		tasks := policy.RunningBackgroundTasks(in)
		next := stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) { return stophook.PassOn("next"), nil })
		d, err := policy.PauseOnBackgroundTasks(next).Evaluate(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		if (len(tasks) > 0) != strings.HasPrefix(d.Why, "paused") {
			t.Fatalf("tasks %v, why %q", tasks, d.Why)
		}
	})
}
