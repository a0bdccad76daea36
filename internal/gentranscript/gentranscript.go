// Package gentranscript writes synthetic Claude Code transcripts of a chosen
// size for benchmarks and whole-process bench scripts.
//
// The records have the shapes Claude Code 2.1.330 writes: turns of a user
// prompt, attachments (a prompt_snapshot of tens of KB per turn),
// api-request, api-request-shape and api-request-blob records (blob lines
// hold a "message" object of up to hundreds of KB), assistant replies written one content block
// (thinking, text, tool_use) per line under a shared message.id, user lines
// of tool_result blocks, Stop-hook summaries and feedback, and the
// bookkeeping records (last-prompt, cost-state, file-history-snapshot). The
// output is deterministic for a given [Options].
//
// The final turn ends with an assistant reply whose text is
// [Options.LastText], followed by the usual trailing bookkeeping records, so
// a reader must skip records to find it. The final turn and the one before
// it are the same bytes for every Size: a benchmark reading the end does
// the same work on a 1 MB and a 1 GB file.
package gentranscript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// DefaultLastText is the text of the final assistant reply when
// [Options.LastText] is empty.
const DefaultLastText = "All tests pass. The change is complete."

// Options describes the transcript to write. The zero value writes one
// small turn.
type Options struct {
	// Size is the approximate size in bytes, at least that of the two
	// closing turns (about 1 MB): turns are written until the output and
	// the closing turns reach it.
	Size int64
	// LastText is the text of the final assistant reply (default
	// [DefaultLastText]).
	LastText string
	// Seed selects the pseudo-random content (default 1).
	Seed uint64
	// SessionID and CWD fill the sessionId and cwd fields (defaults are
	// fixed placeholders).
	SessionID, CWD string
}

// Write writes the transcript described by o to w and returns the number
// of bytes written.
func Write(w io.Writer, o Options) (int64, error) {
	// The closing turns are the same bytes whatever the size, so readers
	// of the end do the same work on every size. Render them first to know
	// their length.
	var closing bytes.Buffer
	g := newGen(o)
	g.w = &closing
	g.restart()
	for i := range tailTurns + 1 {
		g.turn(i == tailTurns)
	}
	g.w = nil

	bw := bufio.NewWriterSize(w, 1<<20)
	cw := &countWriter{w: bw}
	g.w = cw
	g.reset()
	for cw.n+int64(closing.Len()) < o.Size && g.err == nil {
		g.turn(false)
	}
	if g.err == nil {
		_, g.err = cw.Write(closing.Bytes())
	}
	if g.err == nil {
		g.err = bw.Flush()
	}
	if g.err != nil {
		return cw.n, fmt.Errorf("gentranscript: %w", g.err)
	}
	return cw.n, nil
}

// WriteFile writes the transcript described by o to path, through a
// temporary file renamed into place, so a reader never sees a partial file.
func WriteFile(path string, o Options) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("gentranscript: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return fmt.Errorf("gentranscript: %w", err)
	}
	if _, err := Write(tmp, o); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("gentranscript: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("gentranscript: %w", err)
	}
	return nil
}

// Cached returns the path of a transcript for o under dir, writing it first
// when it is not there yet. Files are named by size, seed and a hash of the
// other options, so benchmarks reuse them across runs.
func Cached(dir string, o Options) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("gentranscript: %w", err)
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	name := fmt.Sprintf("transcript-v%d-%d-%d-%08x.jsonl", version, o.Size, o.Seed, hash(o.LastText+"\x00"+o.SessionID+"\x00"+o.CWD))
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	return path, WriteFile(path, o)
}

// CacheDir is the default directory for [Cached]: $STOPHOOK_BENCH_DIR, else
// stophook-bench under the user cache directory, else under the temp dir.
func CacheDir() string {
	if d := os.Getenv("STOPHOOK_BENCH_DIR"); d != "" {
		return d
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "stophook-bench")
	}
	return filepath.Join(os.TempDir(), "stophook-bench")
}

// ParseSize parses a size such as 1048576, 512KB, 100MB or 1GB (powers of
// 1024; case does not matter; the B is optional).
func ParseSize(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(t, "B")
	mult := int64(1)
	switch {
	case strings.HasSuffix(t, "K"):
		mult, t = 1<<10, t[:len(t)-1]
	case strings.HasSuffix(t, "M"):
		mult, t = 1<<20, t[:len(t)-1]
	case strings.HasSuffix(t, "G"):
		mult, t = 1<<30, t[:len(t)-1]
	}
	n, err := strconv.ParseInt(strings.TrimSpace(t), 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("gentranscript: bad size %q", s)
	}
	return n * mult, nil
}

// version changes whenever the output for given Options changes, so stale
// cached files are not reused.
const version = 3

// tailTurns is how many turns before the final one do not depend on Size.
const tailTurns = 1

func hash(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint32(s[i])) * 16777619
	}
	return h
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// quote returns s as a JSON string.
func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
