package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// The plugin starters must stay valid: hooks.json runs this binary as a
// Stop hook, plugin.json names the plugin, and the /loop command runs
// `loop start` through Bash with the arguments.
func TestPluginFiles(t *testing.T) {
	t.Parallel()
	var hooks struct {
		Hooks map[string][]struct {
			Hooks []struct{ Type, Command string }
		}
	}
	b, err := os.ReadFile("plugin/hooks/hooks.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &hooks); err != nil {
		t.Fatalf("hooks.json: %v", err)
	}
	stop := hooks.Hooks["Stop"]
	if len(stop) != 1 || len(stop[0].Hooks) != 1 || stop[0].Hooks[0].Type != "command" || stop[0].Hooks[0].Command != "loop" {
		t.Errorf("hooks.json Stop hooks: got %+v, want one command hook running loop", stop)
	}
	var plugin struct{ Name string }
	if b, err = os.ReadFile("plugin/.claude-plugin/plugin.json"); err != nil || json.Unmarshal(b, &plugin) != nil || plugin.Name == "" {
		t.Errorf("plugin.json: %v, name %q", err, plugin.Name)
	}
	b, err = os.ReadFile("plugin/commands/loop.md")
	if err != nil {
		t.Fatal(err)
	}
	md := string(b)
	for _, want := range []string{"---\ndescription: ", "allowed-tools: Bash(loop start:*)", "loop start $ARGUMENTS", "<loop-done>COMPLETE</loop-done>\n"} {
		if !strings.Contains(md, want) {
			t.Errorf("loop.md lacks %q", want)
		}
	}
}
