package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/stophook/stophook/examples/hookcli"
	"github.com/stophook/stophook/internal/hookconf"
)

// DefaultTimeout is the hook timeout install writes, in seconds: above the
// library's default decision budget (50 s), so the hook always answers
// before the agent kills it.
const DefaultTimeout = 60

type installOpts struct {
	host, scope, events, command, dir string
	timeout                           int
	dryRun                            bool
}

var installEnv = [][2]string{
	{"HOME", "home directory holding the user-scope settings"},
	{"CODEX_HOME", "Codex's directory (default $HOME/.codex) for -host codex"},
	{"CLAUDE_CONFIG_DIR", "Claude Code's user directory (default $HOME/.claude): the user scope edits its settings.json"},
	{"PATH", "searched for -command when it is a bare name"},
}

func (o *installOpts) register(fs *flag.FlagSet, remove bool) {
	hookcli.Choice(fs, &o.host, "host", "claude", "`HOST` agent to configure: "+strings.Join(hookconf.HostNames(), "|"), hookconf.HostNames()...)
	hookcli.Choice(fs, &o.scope, "scope", "user", "`SCOPE` of the settings to edit: user (~/.claude/settings.json), project (.claude/settings.json) or local (.claude/settings.local.json); other hosts: user or project", "user", "project", "local")
	fs.StringVar(&o.events, "events", "", "`LIST` of comma-separated events (Claude Code's names or the host's); default Stop,SessionStart,UserPromptSubmit,SessionEnd mapped to the host")
	fs.StringVar(&o.command, "command", "", "the hook `CMD`: a path, a program on PATH, or a shell command line (required)")
	fs.StringVar(&o.dir, "dir", "", "project `DIR` for the project and local scopes (default: the working directory)")
	if !remove {
		fs.IntVar(&o.timeout, "timeout", DefaultTimeout, "hook timeout in `SECONDS`")
	}
	fs.BoolVar(&o.dryRun, "dry-run", false, "print the change as a unified diff and write nothing")
}

func installFlags(o *installOpts) *flag.FlagSet {
	fs := newFlags("install", "[-host H] [-scope user|project|local] [-events LIST] [-timeout S] [-dry-run] [-dir DIR] -command CMD [-- ARGS...]",
		`Adds CMD (with ARGS) as a command hook to the host's settings file, once per
event, keeping every other key and hook. Running it again changes nothing.
The file is replaced atomically under a lock (concurrent installs keep each
other's hooks), keeping its mode; the previous one is kept as FILE.bak. A
symlinked settings file is written through to its target; in the project and
local scopes a link leading outside the project, a FIFO or a device is
refused. In the project and local scopes the command is one a teammate can
run: a program inside the project as ${CLAUDE_PROJECT_DIR}/PATH (Claude Code
expands it), a program found on PATH by its name; a path outside the project is
refused. A program path is written in Claude Code's exec form (no shell quoting).`, installEnv)
	o.register(fs, false)
	return fs
}

func uninstallFlags(o *installOpts) *flag.FlagSet {
	fs := newFlags("uninstall", "[-host H] [-scope user|project|local] [-events LIST] [-dry-run] [-dir DIR] -command CMD [-- ARGS...]",
		`Removes the hook install added (and an older shell-form entry of the same
command) from the host's settings file; every other hook stays.`, installEnv)
	o.register(fs, true)
	return fs
}

func runInstall(args []string, s *sys) int   { return edit(args, s, false) }
func runUninstall(args []string, s *sys) int { return edit(args, s, true) }

func edit(args []string, s *sys, remove bool) int {
	var o installOpts
	fs := installFlags(&o)
	name := "install"
	if remove {
		fs, name = uninstallFlags(&o), "uninstall"
	}
	if done, code := parse(fs, args, s); done {
		return code
	}
	fail := func(err error) int {
		fmt.Fprintf(s.stderr, "stophook %s: %v\n", name, err)
		return 1
	}
	host, ok := hookconf.Hosts[o.host]
	if !ok {
		return fail(fmt.Errorf("unknown -host %q (one of %s)", o.host, strings.Join(hookconf.HostNames(), ", ")))
	}
	if o.command == "" {
		fmt.Fprintf(s.stderr, "stophook %s: -command is required (stophook %s -h for help)\n", name, name)
		return 2
	}
	places, err := s.places(o.dir)
	if err != nil {
		return fail(err)
	}
	hook, warn, err := resolveHook(o.command, fs.Args(), places.Dir, s.getenv, hookconf.Scope(o.scope) != hookconf.User, host.Name)
	if err != nil {
		return fail(err)
	}
	if warn != "" {
		fmt.Fprintf(s.stderr, "stophook %s: %s\n", name, warn)
	}
	hook.Exec = hook.Exec && host.Name == "claude"
	if !remove {
		hook.Timeout = o.timeout
		hook.StatusMessage = filepath.Base(hook.Command) + ": checking before the turn ends"
	}
	events, skipped := host.Events(hookconf.ParseEvents(o.events))
	for _, e := range skipped {
		fmt.Fprintf(s.stderr, "stophook %s: %s has no %s event; skipped\n", name, host.Name, e)
	}
	if len(events) == 0 {
		return fail(errors.New("no event to configure"))
	}
	change := hookconf.Change{Host: host, Events: events, Hook: hook, Remove: remove}
	if o.dryRun {
		edits, err := hookconf.Plan(change, hookconf.Scope(o.scope), places)
		if err != nil {
			return fail(err)
		}
		for _, e := range edits {
			if e.Changed() {
				fmt.Fprint(s.stdout, hookconf.Diff(e.Path, e.Before, e.After))
			} else {
				fmt.Fprintf(s.stdout, "unchanged %s\n", e.Path)
			}
		}
		return 0
	}
	edits, err := hookconf.Commit(context.Background(), change, hookconf.Scope(o.scope), places)
	if err != nil {
		return fail(err)
	}
	for _, e := range edits {
		where := e.Path
		if e.Target != e.Path {
			where += " (through the symlink, in " + e.Target + ")"
		}
		switch {
		case !e.Changed():
			fmt.Fprintf(s.stdout, "unchanged %s\n", where)
		case e.Existed:
			fmt.Fprintf(s.stdout, "updated %s (previous version in %s)\n", where, filepath.Base(e.Backup()))
		default:
			fmt.Fprintf(s.stdout, "created %s\n", where)
		}
	}
	return 0
}

// places returns the directories settings paths derive from.
func (s *sys) places(dir string) (hookconf.Places, error) {
	home := s.getenv("HOME")
	if home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return hookconf.Places{}, err
		}
		home = h
	}
	if dir == "" {
		dir = s.cwd
	}
	if dir == "" {
		d, err := os.Getwd()
		if err != nil {
			return hookconf.Places{}, err
		}
		dir = d
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return hookconf.Places{}, err
	}
	return hookconf.Places{Home: home, Dir: abs, CodexHome: s.getenv("CODEX_HOME"), ClaudeConfigDir: s.getenv("CLAUDE_CONFIG_DIR")}, nil
}

// resolveHook turns -command into a hook: a path (relative to dir) or a
// program found on PATH becomes an absolute path run in exec form; a
// command line with spaces and no ARGS stays a shell command.
//
// shared (the project and local scopes) writes what a teammate can run
// instead of this machine's paths: a program inside the project relative
// to the project directory (${CLAUDE_PROJECT_DIR} for Claude Code, which
// expands it; "$CLAUDE_PROJECT_DIR" in the shell for the hosts that set
// it; ./ for Codex and Cursor, which run hooks in the project), and a
// program found on PATH by its name. A path outside the project is
// refused. The absolute path stays an alias, so an entry an older install
// wrote with it is replaced or removed.
func resolveHook(command string, args []string, dir string, getenv func(string) string, shared bool, host string) (hookconf.Hook, string, error) {
	h := hookconf.Hook{Command: command, Args: args}
	warn := ""
	if strings.ContainsAny(command, `/\`) && !strings.ContainsAny(command, " \t") || filepath.IsAbs(command) {
		p := command
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		h.Command, h.Exec = filepath.Clean(p), true
		if _, err := os.Stat(h.Command); err != nil {
			warn = fmt.Sprintf("warning: %s does not exist yet", h.Command)
		}
		if !shared {
			return h, warn, nil
		}
		rel, ok := within(dir, h.Command)
		if !ok {
			name := filepath.Base(h.Command)
			if q, err := lookPath(name, getenv); err == nil && sameFile(q, h.Command) {
				h.Aliases = []string{h.Command, q}
				h.Command = name
				return h, warn, nil
			}
			return h, "", fmt.Errorf("%s is outside the project %s: a teammate would not have it; put it in the project, or on PATH and pass its name", h.Command, dir)
		}
		h.Aliases = []string{h.Command}
		rel = filepath.ToSlash(rel)
		switch host {
		case "claude":
			h.Command = "${CLAUDE_PROJECT_DIR}/" + rel
		case "codex", "cursor":
			h.Command = "./" + rel
		default:
			h.Command, h.Verbatim = `"$CLAUDE_PROJECT_DIR"/`+hookconf.Quote(rel), true
		}
		return h, warn, nil
	}
	if strings.ContainsAny(command, " \t") && len(args) == 0 {
		return h, "", nil // a shell command line
	}
	if p, err := lookPath(command, getenv); err == nil {
		h.Exec = true
		if shared {
			h.Aliases = []string{p}
		} else {
			h.Command = p
		}
		return h, "", nil
	}
	return h, fmt.Sprintf("warning: %s is not on PATH; written as a shell command", command), nil
}

// within returns path relative to dir when it lies inside dir, comparing
// the paths with their symlinks resolved where they exist.
func within(dir, path string) (string, bool) {
	real := func(p string) string {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return r
		}
		if r, err := filepath.EvalSymlinks(filepath.Dir(p)); err == nil {
			return filepath.Join(r, filepath.Base(p))
		}
		return p
	}
	for _, pair := range [][2]string{{dir, path}, {real(dir), real(path)}} {
		rel, err := filepath.Rel(pair[0], pair[1])
		if err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel) {
			return rel, true
		}
	}
	return "", false
}

func sameFile(a, b string) bool {
	x, err1 := os.Stat(a)
	y, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(x, y)
}

// lookPath finds file in $PATH of getenv.
func lookPath(file string, getenv func(string) string) (string, error) {
	for _, d := range filepath.SplitList(getenv("PATH")) {
		if d == "" {
			continue
		}
		p := filepath.Join(d, file)
		if st, err := os.Stat(p); err == nil && !st.IsDir() && isExec(st) {
			return filepath.Abs(p)
		}
	}
	if runtime.GOOS == "windows" {
		return exec.LookPath(file) // PATHEXT
	}
	return "", exec.ErrNotFound
}
