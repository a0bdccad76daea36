// Package hookcli holds the command-line conventions of every stophook
// binary, small enough to copy: one -h format (usage, flags, then the
// environment: [SetUsage]); flag mistakes in one line naming the valid
// choices and pointing to -h, not the whole usage ([Parse], [ParseHook],
// [Choice]); -version ([Version]); the -continue flag ([Continue]) and
// Claude Code plugin options ([PluginOption], [ExportPluginOptions]). An
// example copied into another module keeps importing it from stophook.
package hookcli
