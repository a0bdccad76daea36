package hookcli

import (
	"os"
	"strings"
	"testing"
)

func TestGet(t *testing.T) {
	t.Parallel()
	env := map[string]string{"A": "plain", "CLAUDE_PLUGIN_OPTION_A_KEY": "opt", "CLAUDE_PLUGIN_OPTION_B_KEY": "optB"}
	getenv := func(k string) string { return env[k] }
	for name, want := range map[string]string{"A": "plain", "B": "optB", "C": ""} {
		if got := PluginOption(getenv, name, strings.ToLower(name)+"_key"); got != want {
			t.Errorf("PluginOption(%s): got %q, want %q", name, got, want)
		}
	}
}

func TestExport(t *testing.T) {
	t.Setenv("PLUGINOPT_TEST_SET", "mine")
	t.Setenv("CLAUDE_PLUGIN_OPTION_PLUGINOPT_TEST_SET", "plugin")
	t.Setenv("PLUGINOPT_TEST_UNSET", "")
	t.Setenv("CLAUDE_PLUGIN_OPTION_PLUGINOPT_TEST_UNSET", "plugin")
	ExportPluginOptions("PLUGINOPT_TEST_SET", "PLUGINOPT_TEST_UNSET")
	if got := os.Getenv("PLUGINOPT_TEST_SET"); got != "mine" {
		t.Errorf("a set variable: got %q, want it kept", got)
	}
	if got := os.Getenv("PLUGINOPT_TEST_UNSET"); got != "plugin" {
		t.Errorf("an unset variable: got %q, want the plugin option", got)
	}
}
