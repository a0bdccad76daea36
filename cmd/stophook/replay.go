package main

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/stophook/stophook/internal/textcut"
	"github.com/stophook/stophook/transcript"
)

// replayOpts holds replay's flags.
type replayOpts struct {
	hook, compare string
	json          bool
	timeout       time.Duration
}

func replayFlags(o *replayOpts) *flag.FlagSet {
	fs := newFlags("replay", "-hook 'CMD [ARGS]' [-compare 'CMD2 [ARGS]'] [-json] PATH...", `
Run a Stop hook on every turn end of past sessions, as Claude Code would have
run it then, and print what it decides. PATH is a transcript (.jsonl or
.jsonl.gz) or a directory of them, walked recursively (~/.claude/projects;
subagents/ are skipped). At each turn end (the agent's last reply before the user's next
prompt) the hook gets the Stop input of that moment: the session's id, a copy
of the transcript cut at that point, stop_hook_active false and the last
reply. It runs with HOME, its state directory and its working directory in a
temp directory, deleted afterwards: replay writes nothing into your projects
or ~/.claude. CMD is split into words like a shell would (quotes, backslashes)
but runs without one. With -compare the second hook runs on the same turn
ends and the rows where they decide differently are marked.

Output: one row per turn end (session, turn, decision, ms, policy, reason),
then totals. -json: one JSON object per turn end (session_id, transcript,
turn, decision "block"|"allow", reason, policy, ms, error, and with -compare
compare_decision, compare_reason, compare_policy, compare_ms, compare_error,
differ); the totals go to stderr.`, [][2]string{
		{"PATH", "finds CMD and CMD2 as the shell would"},
		{logEnv, "set for the hook, in the temp directory: the policy column is read from it"},
	})
	fs.StringVar(&o.hook, "hook", "", "the hook command to replay (required)")
	fs.StringVar(&o.compare, "compare", "", "a second hook command to run on the same turn ends")
	fs.BoolVar(&o.json, "json", false, "print one JSON object per turn end")
	fs.DurationVar(&o.timeout, "timeout", 60*time.Second, "how long a hook may run on one turn end")
	return fs
}

// replayRow is one turn end with what the hooks decided.
type replayRow struct {
	SessionID  string         `json:"session_id"`
	Transcript string         `json:"transcript"`
	Turn       int            `json:"turn"`
	Decision   string         `json:"decision"`
	Reason     string         `json:"reason"`
	Policy     string         `json:"policy,omitempty"`
	MS         int64          `json:"ms"`
	Error      string         `json:"error,omitempty"`
	Compare    *compareFields `json:"-"`
}

// compareFields are what the -compare hook decided, and whether it
// differs from the first.
type compareFields struct {
	Decision string `json:"compare_decision"`
	Reason   string `json:"compare_reason"`
	Policy   string `json:"compare_policy,omitempty"`
	MS       int64  `json:"compare_ms"`
	Error    string `json:"compare_error,omitempty"`
	Differ   bool   `json:"differ"`
}

func runReplay(args []string, s *sys) int {
	var o replayOpts
	fs := replayFlags(&o)
	// Flags may follow the PATHs too; after "--" every argument is a PATH.
	var pathArgs []string
	for rest := args; len(rest) > 0; {
		if done, code := parse(fs, rest, s); done {
			return code
		}
		if n := len(rest) - fs.NArg(); n > 0 && rest[n-1] == "--" {
			pathArgs = append(pathArgs, fs.Args()...)
			break
		}
		rest = fs.Args()
		for len(rest) > 0 && (rest[0] == "-" || !strings.HasPrefix(rest[0], "-")) {
			pathArgs, rest = append(pathArgs, rest[0]), rest[1:]
		}
	}
	if o.hook == "" || len(pathArgs) == 0 {
		fmt.Fprintln(s.stderr, "stophook replay: want -hook 'CMD [ARGS]' and at least one PATH")
		return 2
	}
	if o.timeout <= 0 {
		fmt.Fprintln(s.stderr, "stophook replay: -timeout must be positive")
		return 2
	}
	env := hookEnv(os.Environ())
	hooks := []hook{}
	for _, cmd := range []string{o.hook, o.compare} {
		if cmd == "" {
			continue
		}
		argv, err := resolveCommand(cmd, s)
		if err != nil {
			fmt.Fprintf(s.stderr, "stophook replay: %q: %v%s\n", cmd, err, shellHint(cmd))
			return 2
		}
		hooks = append(hooks, hook{argv: argv, timeout: o.timeout, env: env})
	}
	var paths []string
	for _, p := range pathArgs {
		found, err := transcriptsUnder(absFrom(s, p))
		if err != nil {
			fmt.Fprintf(s.stderr, "stophook replay: %v\n", err)
			return 1
		}
		if len(found) == 0 {
			fmt.Fprintf(s.stderr, "stophook replay: %s: no transcript (.jsonl, .jsonl.gz) in this directory\n", absFrom(s, p))
		}
		paths = append(paths, found...)
	}
	// Interrupted, terminated or with its output gone (`| head`), replay
	// still removes its temp directory, which holds copies of the user's
	// transcripts: a broken pipe is a write error, not a kill.
	signal.Ignore(syscall.SIGPIPE)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	root, err := os.MkdirTemp("", "stophook-replay-")
	if err != nil {
		fmt.Fprintf(s.stderr, "stophook replay: %v\n", err)
		return 1
	}
	defer os.RemoveAll(root)

	r := &replayer{hooks: hooks, root: root, out: newRowWriter(s.stdout, o.json, len(hooks) == 2)}
	code := 0
	for i, p := range paths {
		if ctx.Err() != nil {
			break
		}
		if err := r.session(ctx, i, p); err != nil {
			if r.out.err != nil {
				break // the output is gone: said once below
			}
			fmt.Fprintf(s.stderr, "stophook replay: %s: %v\n", p, err)
			code = 1
		}
	}
	if ctx.Err() != nil {
		fmt.Fprintln(s.stderr, "stophook replay: interrupted")
		code = 1
	}
	totals := s.stdout
	if o.json {
		totals = s.stderr
	}
	r.out.totals(totals, len(paths))
	if r.out.err != nil {
		fmt.Fprintf(s.stderr, "stophook replay: %v\n", r.out.err)
		return 1
	}
	return code
}

// resolveCommand splits cmd into words and finds its program: a name
// without a slash on PATH, a path relative to the current directory made
// absolute (the hook runs elsewhere).
func resolveCommand(cmd string, s *sys) ([]string, error) {
	argv, err := splitArgs(cmd)
	if err != nil {
		return nil, err
	}
	if strings.ContainsAny(argv[0], `/\`) {
		argv[0] = absFrom(s, argv[0])
		// Tried directly, as PATH's programs are: a directory or a file
		// that cannot be run is refused now, not once per turn end.
		if _, err := exec.LookPath(argv[0]); err != nil {
			return nil, err
		}
		return argv, nil
	}
	p, err := exec.LookPath(argv[0])
	if err != nil {
		return nil, err
	}
	argv[0] = p
	if !filepath.IsAbs(p) {
		argv[0] = absFrom(s, p)
	}
	return argv, nil
}

// shellHint is what a usage error adds when cmd, which could not be run,
// looks like a shell command (a variable, an assignment, an operator): a
// settings.json command runs in a shell, replay's CMD does not.
func shellHint(cmd string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(cmd), " ")
	if !strings.ContainsAny(cmd, "$`|;&<>*?~") && !strings.Contains(first, "=") && first != "cd" {
		return ""
	}
	return fmt.Sprintf(" (replay runs CMD without a shell; for a shell command use -hook %s)", shellQuote("sh -c "+shellQuote(cmd)))
}

// shellQuote quotes s for a POSIX shell, and so for replay's -hook.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// absFrom makes p absolute against the command's working directory.
func absFrom(s *sys, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	if s.cwd != "" {
		return filepath.Join(s.cwd, p)
	}
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// transcriptsUnder lists the transcripts at p: p itself, or the .jsonl
// and .jsonl.gz files under the directory p, in lexical order, without subagents/
// directories or symbolic links.
func transcriptsUnder(p string) ([]string, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		if !st.Mode().IsRegular() {
			// A FIFO would hold replay in open(2); a device has no end.
			return nil, fmt.Errorf("%s: not a transcript file or a directory", p)
		}
		return []string{p}, nil
	}
	// A link to the directory (~/.claude/projects kept with dotfiles) is
	// walked as the directory; the paths found keep the name given.
	root, err := filepath.EvalSymlinks(p)
	if err != nil {
		return nil, err
	}
	var found []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable directories are skipped
		}
		if d.IsDir() && d.Name() == "subagents" && path != root {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() && (strings.HasSuffix(d.Name(), ".jsonl") || strings.HasSuffix(d.Name(), ".jsonl.gz")) {
			if rel, err := filepath.Rel(root, path); err == nil {
				path = filepath.Join(p, rel)
			}
			found = append(found, path)
		}
		return nil
	})
	return found, err
}

// replayer runs the hooks on the turn ends of one transcript after another.
type replayer struct {
	hooks []hook
	root  string
	out   *rowWriter
}

// session replays the turn ends of the transcript at path, the i-th one.
func (r *replayer) session(ctx context.Context, i int, path string) error {
	dir := filepath.Join(r.root, fmt.Sprint(i))
	defer os.RemoveAll(dir)
	scratches := make([]scratch, len(r.hooks))
	for k := range r.hooks {
		sc, err := newScratch(filepath.Join(dir, fmt.Sprint("hook", k)))
		if err != nil {
			return err
		}
		scratches[k] = sc
	}
	src, err := plainTranscript(path, filepath.Join(dir, "source"))
	if err != nil {
		return err
	}
	cp, err := newCutCopy(src, filepath.Join(dir, "transcripts", filepath.Base(src)))
	if err != nil {
		return err
	}
	defer cp.close()
	return turnEnds(src, func(te turnEnd) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if te.session == "" {
			te.session = sessionName(src)
		}
		if err := cp.extend(te.cut); err != nil {
			return err
		}
		last, _ := transcript.LastAssistantText("", cp.path)
		row := replayRow{SessionID: te.session, Transcript: path, Turn: te.turn}
		var outs []outcome
		for k, h := range r.hooks {
			input, err := json.Marshal(map[string]any{
				"session_id": te.session, "transcript_path": cp.path, "cwd": scratches[k].cwd,
				"permission_mode": "default", "hook_event_name": "Stop", "stop_hook_active": false,
				"last_assistant_message": last,
			})
			if err != nil {
				return err
			}
			outs = append(outs, h.run(ctx, scratches[k], te.session, input))
		}
		row.Decision, row.Reason, row.Policy, row.MS, row.Error = outs[0].Decision, outs[0].Reason, outs[0].Policy, outs[0].MS, outs[0].Err
		if len(outs) == 2 {
			c := outs[1]
			row.Compare = &compareFields{c.Decision, c.Reason, c.Policy, c.MS, c.Err, c.Decision != row.Decision}
		}
		r.out.write(row)
		return r.out.err
	})
}

// maxGunzipped bounds a gzipped transcript's size once decompressed.
const maxGunzipped = 4 << 30

// plainTranscript returns the path of the transcript at path as plain
// JSON lines: path itself, or, for a gzipped one (a .gz name or gzip's
// magic bytes), a copy decompressed into dir, named as path without .gz.
func plainTranscript(path, dir string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var magic [2]byte
	n, _ := io.ReadFull(f, magic[:])
	if !strings.HasSuffix(path, ".gz") && (n < 2 || magic != [2]byte{0x1f, 0x8b}) {
		return path, nil
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return "", err
	}
	z, err := gzip.NewReader(f)
	if err != nil {
		return "", fmt.Errorf("gzip: %w", err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	name := strings.TrimSuffix(filepath.Base(path), ".gz")
	if !strings.HasSuffix(name, ".jsonl") {
		name += ".jsonl"
	}
	plain := filepath.Join(dir, name)
	out, err := os.OpenFile(plain, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", err
	}
	n64, err := io.Copy(out, io.LimitReader(z, maxGunzipped+1))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	switch {
	case err != nil:
		return "", fmt.Errorf("gzip: %w", err)
	case n64 > maxGunzipped:
		return "", fmt.Errorf("gzip: more than %d bytes decompressed", int64(maxGunzipped))
	}
	return plain, nil
}

// cutCopy is a private copy of a transcript that grows to each cut in turn.
type cutCopy struct {
	src  *os.File
	path string
	dst  *os.File
}

func newCutCopy(src, dst string) (*cutCopy, error) {
	if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
		return nil, err
	}
	f, err := os.Open(src)
	if err != nil {
		return nil, err
	}
	d, err := os.OpenFile(dst, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		f.Close()
		return nil, err
	}
	return &cutCopy{src: f, path: dst, dst: d}, nil
}

// extend makes the copy the first cut bytes of the transcript. Cuts come
// in order, so only the new bytes are copied, unless a hook changed the
// copy: then it is written again.
func (c *cutCopy) extend(cut int64) error {
	st, err := c.dst.Stat()
	if err != nil {
		return err
	}
	have := st.Size()
	if have > cut {
		have = 0
	}
	if err := c.dst.Truncate(have); err != nil {
		return err
	}
	if _, err := c.dst.Seek(have, io.SeekStart); err != nil {
		return err
	}
	_, err = io.Copy(c.dst, io.NewSectionReader(c.src, have, cut-have))
	return err
}

func (c *cutCopy) close() {
	c.src.Close()
	c.dst.Close()
}

// rowWriter prints rows as they come and counts them.
type rowWriter struct {
	w                  io.Writer
	json, compare      bool
	err                error
	rows, blocks, errs int
	cmpBlocks, cmpErrs int
	differ             int
	sessions           map[string]bool
	started            bool
}

func newRowWriter(w io.Writer, asJSON, compare bool) *rowWriter {
	return &rowWriter{w: w, json: asJSON, compare: compare, sessions: map[string]bool{}}
}

func (rw *rowWriter) write(r replayRow) {
	if rw.err != nil {
		return
	}
	rw.rows++
	rw.sessions[r.SessionID] = true
	if r.Decision == "block" {
		rw.blocks++
	}
	if r.Error != "" {
		rw.errs++
	}
	c := r.Compare
	if c != nil {
		if c.Decision == "block" {
			rw.cmpBlocks++
		}
		if c.Error != "" {
			rw.cmpErrs++
		}
		if c.Differ {
			rw.differ++
		}
	}
	if rw.json {
		rw.err = writeJSONRow(rw.w, r)
		return
	}
	if !rw.started {
		rw.started = true
		if rw.compare {
			_, rw.err = fmt.Fprintf(rw.w, "%-8s %4s  %-6s %-7s %-4s %6s %6s  %-14s %s\n", "SESSION", "TURN", "HOOK", "COMPARE", "DIFF", "MS", "CMP MS", "POLICY", "REASON")
		} else {
			_, rw.err = fmt.Fprintf(rw.w, "%-8s %4s  %-6s %6s  %-14s %s\n", "SESSION", "TURN", "HOOK", "MS", "POLICY", "REASON")
		}
	}
	reason, policy := r.Reason, r.Policy
	if r.Error != "" {
		reason = "hook failed: " + r.Error
	}
	if c == nil {
		rw.line(fmt.Sprintf("%-8s %4d  %-6s %6d  %-14s %s", short(r.SessionID, 8), r.Turn, r.Decision, r.MS, dash(short(policy, 14)), head(reason, 80)))
		return
	}
	diff := ""
	if c.Differ {
		diff = "≠"
	}
	if reason == "" {
		reason, policy = c.Reason, c.Policy
		if c.Error != "" {
			reason = "compare failed: " + c.Error
		}
	}
	rw.line(fmt.Sprintf("%-8s %4d  %-6s %-7s %-4s %6d %6d  %-14s %s", short(r.SessionID, 8), r.Turn, r.Decision, c.Decision, diff, r.MS, c.MS, dash(short(policy, 14)), head(reason, 70)))
}

// line writes one row without trailing blanks.
func (rw *rowWriter) line(s string) {
	_, rw.err = io.WriteString(rw.w, strings.TrimRight(s, " ")+"\n")
}

// writeJSONRow writes r as one JSON object, the compare fields inline.
func writeJSONRow(w io.Writer, r replayRow) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if r.Compare != nil {
		c, err := json.Marshal(r.Compare)
		if err != nil {
			return err
		}
		b = append(append(b[:len(b)-1], ','), c[1:]...)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

func (rw *rowWriter) totals(w io.Writer, transcripts int) {
	if rw.err != nil {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d turn ends in %d sessions (%d transcripts): hook blocked %d (%s)", rw.rows, len(rw.sessions), transcripts, rw.blocks, pct(rw.blocks, rw.rows))
	if rw.errs > 0 {
		fmt.Fprintf(&b, ", failed on %d", rw.errs)
	}
	if rw.compare {
		fmt.Fprintf(&b, "; compare blocked %d (%s)", rw.cmpBlocks, pct(rw.cmpBlocks, rw.rows))
		if rw.cmpErrs > 0 {
			fmt.Fprintf(&b, ", failed on %d", rw.cmpErrs)
		}
		fmt.Fprintf(&b, "; they differ on %d", rw.differ)
	}
	b.WriteString("\n")
	_, rw.err = io.WriteString(w, b.String())
}

func pct(n, of int) string {
	if of == 0 {
		return "0%"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// short cuts s to n runes.
func short(s string, n int) string {
	return textcut.Runes(s, n, "")
}

// head is the first line of s, cut to n runes with "…".
func head(s string, n int) string { return textcut.Head(s, n, "…") }
