// Package plugins holds launch.sh, the launcher every Claude Code plugin
// of this repository runs its hook through (a copy sits in each
// examples/<name>/hooks), and the tests that keep the plugins, their
// copies of the launcher and the marketplace consistent.
//
// The launcher runs stophook-<name> from, in order: the plugin's bin
// directory (a binary shipped with it); ${CLAUDE_PLUGIN_DATA}/bin (built or
// downloaded earlier); a Go build from the repository checkout (Claude
// Code copies a plugin into its cache; the launcher finds the checkout
// through the marketplace's installLocation in
// $CLAUDE_CONFIG_DIR/plugins/known_marketplaces.json); a download of the
// release binary stophook-<name>_<goos>_<goarch> from
// $STOPHOOK_RELEASE_URL (default: the GitHub release v<version> of the
// plugin), run only when its sha256 matches the release's checksums.txt.
// scripts/release.sh builds those files.
//
// A build or download lock whose owner died, or older than
// $STOPHOOK_LOCK_TIMEOUT seconds, is taken over. When the hook cannot run
// the session goes on: the launcher prints a systemMessage naming the
// plugin and the fix, one line on stderr, and writes the same line to
// ${CLAUDE_PLUGIN_DATA}/launch-error, which `stophook doctor` reports.
package plugins
