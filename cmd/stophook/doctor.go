package main

import (
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/hookconf"
	"github.com/stophook/stophook/loopstate"
)

type doctorOpts struct {
	dir     string
	run     bool
	timeout time.Duration
}

func doctorFlags(o *doctorOpts) *flag.FlagSet {
	fs := newFlags("doctor", "[-dir DIR] [-run] [-timeout D]",
		`Lists every hook of every scope of Claude Code (managed, user, project, local) and
of the other agents' settings, whatever the command, and checks that each
command exists; reports the launch state of each enabled plugin; compares
running loops' max with Claude Code's block cap; and checks the state
directory is writable and ignored by git.

Project and local hooks come with the repository: doctor lists them and
never runs them. With -run it also runs your own user-scope hooks on a
sample Stop event (exit 0, JSON or nothing on stdout) and on garbage (the
session must be let stop).

Prints one line per check (ok, warn or FAIL); exits 0 when nothing FAILed
(warnings are printed, not fatal), 1 otherwise.`, [][2]string{
			{"HOME", "home directory holding the user-scope settings"},
			{"CLAUDE_CONFIG_DIR", "Claude Code's user directory (default $HOME/.claude)"},
			{"CODEX_HOME", "Codex's directory (default $HOME/.codex)"},
			{"PATH", "where hook commands are looked for"},
			{loopstate.BlockCapEnv, "Claude Code's cap on consecutive Stop-hook blocks (default 8)"},
			{stophook.StateDirEnv, "state directory checked instead of DIR/.claude/stophook"},
		})
	fs.StringVar(&o.dir, "dir", "", "project `DIR` (default: the working directory)")
	fs.BoolVar(&o.run, "run", false, "also run the user-scope hooks (your own commands) on a sample Stop and on garbage; project and local hooks are never run")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Second, "how long each hook run of -run may take")
	return fs
}

// report prints check lines and counts warnings and failures.
type report struct {
	s        *sys
	warn, ko int
}

func (r *report) ok(format string, a ...any) { fmt.Fprintf(r.s.stdout, "ok   "+format+"\n", a...) }
func (r *report) warnf(format string, a ...any) {
	r.warn++
	fmt.Fprintf(r.s.stdout, "warn "+format+"\n", a...)
}
func (r *report) fail(format string, a ...any) {
	r.ko++
	fmt.Fprintf(r.s.stdout, "FAIL "+format+"\n", a...)
}

func runDoctor(args []string, s *sys) int {
	var o doctorOpts
	fs := doctorFlags(&o)
	if done, code := parse(fs, args, s); done {
		return code
	}
	places, err := s.places(o.dir)
	if err != nil {
		fmt.Fprintf(s.stderr, "stophook doctor: %v\n", err)
		return 1
	}
	r := &report{s: s}
	config := claudeConfigDir(s.getenv, places.Home)
	var (
		run     []hookconf.Hook
		total   int
		listed  bool // project or local hooks were listed, not run
		plugins [][2]string
	)
	for _, sf := range settingsFiles(places, config) {
		hooks, enabled := checkSettings(r, sf, places, s.getenv)
		total += len(hooks)
		for _, p := range enabled {
			plugins = append(plugins, [2]string{sf.label(), p})
		}
		if sf.scope != hookconf.User {
			listed = listed || len(hooks) > 0 && sf.scope != managed
			continue
		}
		if !o.run || sf.host.Name != "claude" {
			continue
		}
		for _, h := range hooks {
			if !slices.ContainsFunc(run, func(x hookconf.Hook) bool { return x.Command == h.Command && slices.Equal(x.Args, h.Args) }) {
				run = append(run, h)
			}
		}
	}
	if total == 0 && len(plugins) == 0 {
		r.warnf("no hook and no plugin in any settings file for %s (stophook install -command CMD adds a hook)", places.Dir)
	}
	if listed {
		r.ok("project and local hooks are listed, never run: they come with the repository")
	}
	for _, h := range run {
		checkHook(r, h.Command, h.Args, o.timeout)
	}
	for _, p := range plugins {
		checkPlugin(r, p[0], p[1], config)
	}
	stateDir := s.getenv(stophook.StateDirEnv)
	if stateDir == "" {
		stateDir = filepath.Join(places.Dir, ".claude", "stophook")
	}
	checkLoops(r, stateDir, loopstate.BlockCap(s.getenv))
	checkStateDir(r, stateDir, places.Dir)
	fmt.Fprintf(s.stdout, "%d warning(s), %d failure(s)\n", r.warn, r.ko)
	if r.ko > 0 {
		return 1
	}
	return 0
}
