// Command stophook sets up stophook hooks for coding agents and checks
// them:
//
//	stophook install [-host H] [-scope user|project|local] [-events LIST] [-timeout S] [-dry-run] -command CMD [-- ARGS...]
//	stophook uninstall [-host H] [-scope user|project|local] [-events LIST] -command CMD [-- ARGS...]
//	stophook doctor [-dir DIR] [-run] [-timeout D]
//	stophook classify < requests.jsonl
//	stophook replay -hook 'CMD [ARGS]' [-compare 'CMD2 [ARGS]'] [-json] PATH...
//	stophook version
//	stophook help [COMMAND]
//
// install merges one command hook into the host's settings file, keeping
// every other key and hook; uninstall removes only that hook; doctor lists
// every hook of every scope and checks that its command exists, reports
// the plugins' launch failures, and with -run runs the user's own hooks on
// a sample Stop and on garbage (never a project's or local hook).
//
// Install it with:
//
//	go install github.com/stophook/stophook/cmd/stophook@latest
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/stophook/stophook/internal/buildinfo"
)

func main() {
	os.Exit(run(os.Args[1:], &sys{stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}))
}

// sys is what a subcommand may touch of the process.
type sys struct {
	stdin          io.Reader // nil means os.Stdin
	stdout, stderr io.Writer
	getenv         func(string) string
	cwd            string // "" means the process's working directory
}

type command struct {
	name, summary string
	run           func(args []string, s *sys) int
	usage         func(w io.Writer)
}

func commands() []command {
	return []command{
		{"install", "add a command hook to an agent's settings", runInstall, usageOf(installFlags)},
		{"uninstall", "remove that hook again", runUninstall, usageOf(uninstallFlags)},
		{"doctor", "check every hook of every scope, and the plugins", runDoctor, usageOf(doctorFlags)},
		{"classify", "judge final messages given as JSON lines on stdin", runClassify, usageOf(classifyFlags)},
		{"replay", "run a Stop hook on the turn ends of past sessions", runReplay, usageOf(replayFlags)},
		{"version", "print the version and VCS revision", runVersion, func(w io.Writer) { fmt.Fprintln(w, "usage: stophook version (or stophook -version)") }},
		{"help", "show help for a command", runHelp, func(w io.Writer) { fmt.Fprintln(w, "usage: stophook help [COMMAND]") }},
	}
}

func run(args []string, s *sys) int {
	if len(args) == 0 {
		mainUsage(s.stderr)
		return 2
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		mainUsage(s.stdout)
		return 0
	case "-version", "--version":
		return runVersion(nil, s)
	}
	var names []string
	for _, c := range commands() {
		if c.name == name {
			return c.run(args[1:], s)
		}
		names = append(names, c.name)
	}
	fmt.Fprintf(s.stderr, "stophook: unknown command %q (one of %s; stophook -h for help)\n", name, strings.Join(names, ", "))
	return 2
}

// runVersion prints the module version and VCS revision of this build.
func runVersion(args []string, s *sys) int {
	if len(args) > 0 && args[0] != "-h" && args[0] != "-help" && args[0] != "--help" {
		fmt.Fprintf(s.stderr, "stophook version: takes no arguments (stophook version -h for help)\n")
		return 2
	}
	if len(args) > 0 {
		fmt.Fprintln(s.stdout, "usage: stophook version (or stophook -version)")
		return 0
	}
	fmt.Fprintln(s.stdout, buildinfo.Line("stophook"))
	return 0
}

func runHelp(args []string, s *sys) int {
	if len(args) == 0 {
		mainUsage(s.stdout)
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			c.usage(s.stdout)
			return 0
		}
	}
	fmt.Fprintf(s.stderr, "stophook help: unknown command %q (stophook -h lists them)\n", args[0])
	return 2
}

func mainUsage(w io.Writer) {
	var b strings.Builder
	b.WriteString("usage: stophook COMMAND [flags]\n\ncommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-10s %s\n", c.name, c.summary)
	}
	b.WriteString("\nRun `stophook COMMAND -h` for a command's flags and environment.\n")
	io.WriteString(w, b.String())
}
