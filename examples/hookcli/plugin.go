package hookcli

import (
	"os"
	"strings"
)

// pluginPrefix starts the environment variables that carry plugin options:
// a Claude Code plugin's userConfig reaches its hooks as
// CLAUDE_PLUGIN_OPTION_<KEY>, the key upper-cased.
const pluginPrefix = "CLAUDE_PLUGIN_OPTION_"

// PluginOption returns $name when set, else the plugin option key
// ($CLAUDE_PLUGIN_OPTION_<KEY>), else "". getenv is os.Getenv in main.
func PluginOption(getenv func(string) string, name, key string) string {
	if v := getenv(name); v != "" {
		return v
	}
	return getenv(pluginPrefix + strings.ToUpper(key))
}

// ExportPluginOptions sets each unset variable in names from the plugin option of the
// same name, so code that reads the plain variable (telegram.FromEnv reads
// TELEGRAM_BOT_TOKEN) sees what the user entered when enabling the plugin.
func ExportPluginOptions(names ...string) {
	for _, n := range names {
		if os.Getenv(n) != "" {
			continue
		}
		if v := os.Getenv(pluginPrefix + n); v != "" {
			os.Setenv(n, v)
		}
	}
}
