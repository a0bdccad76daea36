// Package pluginopt reads the options a user set for a Claude Code plugin
// (its userConfig), which reach the plugin's hooks as environment
// variables named CLAUDE_PLUGIN_OPTION_<KEY>, the key upper-cased.
package pluginopt

import (
	"os"
	"strings"
)

// Prefix starts the environment variables that carry plugin options.
const Prefix = "CLAUDE_PLUGIN_OPTION_"

// Get returns $name when set, else the plugin option key
// ($CLAUDE_PLUGIN_OPTION_<KEY>), else "". getenv is os.Getenv in main.
func Get(getenv func(string) string, name, key string) string {
	if v := getenv(name); v != "" {
		return v
	}
	return getenv(Prefix + strings.ToUpper(key))
}

// Export sets each unset variable in names from the plugin option of the
// same name, so code that reads the plain variable (telegram.FromEnv reads
// TELEGRAM_BOT_TOKEN) sees what the user entered when enabling the plugin.
func Export(names ...string) {
	for _, n := range names {
		if os.Getenv(n) != "" {
			continue
		}
		if v := os.Getenv(Prefix + n); v != "" {
			os.Setenv(n, v)
		}
	}
}
