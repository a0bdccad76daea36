// Package hookcli holds the command-line conventions the example hooks
// share, small enough to copy: one -h format (usage, flags, then the
// environment: [SetUsage]), the -continue flag ([Continue]) and Claude
// Code plugin options ([PluginOption], [ExportPluginOptions]). An example
// copied into another module keeps importing it from stophook.
package hookcli
