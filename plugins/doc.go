// Package plugins holds launch.sh, the launcher every Claude Code plugin
// of this repository runs its hook through (a copy sits in each
// examples/<name>/hooks), and the tests that keep the plugins, their
// copies of the launcher and the marketplace consistent.
//
// The launcher runs stophook-<name> from the plugin's bin directory, else
// from ${CLAUDE_PLUGIN_DATA}/bin, building it there with Go on first use
// from the repository checkout (Claude Code copies a plugin into its cache;
// the launcher finds the checkout through the marketplace's
// installLocation). Without Go it lets the session go on with one line on
// stderr.
package plugins
