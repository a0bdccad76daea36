package transcript

import (
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"slices"
	"time"

	"github.com/stophook/stophook/internal/safefile"
)

// Default limits of [Options].
const (
	defaultMaxBytes     = 64 << 20
	defaultMaxLineBytes = 16 << 20
)

// errNoPath is returned for an empty transcript path. It wraps
// [fs.ErrNotExist], so errors.Is(err, fs.ErrNotExist) covers both "the hook
// sent no path" and "the file is not there yet".
var errNoPath = fmt.Errorf("transcript: no path: %w", fs.ErrNotExist)

// Options bounds the work done on one transcript. The zero value uses every
// default; the package-level functions use the zero value.
type Options struct {
	// MaxBytes is the most bytes read from the end of the file per call.
	// Messages that start further back are not returned. Zero or less
	// means 64 MiB.
	MaxBytes int64

	// MaxLineBytes is the longest line decoded. A longer line is skipped
	// as it is read, without being held in memory whole. Zero or less
	// means 16 MiB.
	MaxLineBytes int

	// Format is the transcript's file format. Zero ([FormatAuto])
	// recognises it from the lines, so the package-level functions read
	// every host's transcript.
	Format Format

	// Wait bounds how long [Options.LastAssistantText] waits for a
	// transcript that has not caught up with the hook call, where the
	// format shows it (Copilot CLI). Zero means 2 s;
	// negative means no wait.
	Wait time.Duration

	// CalledAt is when the hook was called. With [FormatCopilot], a file
	// whose newest event is older than CalledAt has not caught up with the
	// call yet (Copilot CLI writes the call's own hook.start event, stamped
	// with the call's time, after calling the hook), so
	// [Options.LastAssistantText] waits for it rather than take an earlier
	// reply for the last one. Zero skips this check.
	CalledAt time.Time

	chunk, chunkMax int                 // read sizes; tests shrink them
	held            int                 // tests lower maxHeld
	sleep           func(time.Duration) // tests replace time.Sleep
}

func (o Options) wait() time.Duration {
	if o.Wait == 0 {
		return defaultWait
	}
	return max(o.Wait, 0)
}

func (o Options) pause(d time.Duration) {
	if o.sleep != nil {
		o.sleep(d)
		return
	}
	time.Sleep(d)
}

func (o Options) maxBytes() int64 {
	if o.MaxBytes <= 0 {
		return defaultMaxBytes
	}
	return o.MaxBytes
}

func (o Options) maxLine() int {
	if o.MaxLineBytes <= 0 {
		return defaultMaxLineBytes
	}
	return o.MaxLineBytes
}

func (o Options) maxHeldResults() int {
	if o.held <= 0 {
		return maxHeld
	}
	return o.held
}

func (o Options) chunkSize() int {
	if o.chunk <= 0 {
		return firstChunk
	}
	return o.chunk
}

func (o Options) chunkMaxSize() int {
	if o.chunkMax <= 0 {
		return maxChunk
	}
	return o.chunkMax
}

// Tail returns the last n messages of the transcript at path, oldest first,
// reading backwards from the end in chunks. A missing file is an error
// wrapping fs.ErrNotExist.
func Tail(path string, n int) ([]Message, error) { return Options{}.Tail(path, n) }

// Backward yields the messages of the transcript at path newest first. See
// [Options.Backward].
func Backward(path string) iter.Seq2[Message, error] { return Options{}.Backward(path) }

// Tail returns the last n messages of the transcript at path, oldest first.
// n <= 0 returns none. On a read error it returns the messages read so far
// with the error.
func (o Options) Tail(path string, n int) ([]Message, error) {
	f, size, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return o.TailReader(f, size, n)
}

// TailReader is [Options.Tail] on the first size bytes of r.
func (o Options) TailReader(r io.ReaderAt, size int64, n int) ([]Message, error) {
	if n <= 0 {
		return nil, nil
	}
	var msgs []Message
	var err error
	for m, e := range o.backwardReader(r, size) {
		if e != nil {
			err = e
			break
		}
		msgs = append(msgs, m)
		if len(msgs) == n {
			break
		}
	}
	slices.Reverse(msgs)
	return msgs, err
}

// Backward yields the messages of the transcript at path newest first. An
// error opening the file is yielded once, with a zero Message.
func (o Options) Backward(path string) iter.Seq2[Message, error] {
	return func(yield func(Message, error) bool) {
		f, size, err := open(path)
		if err != nil {
			yield(Message{}, err)
			return
		}
		defer f.Close()
		for m, err := range o.backwardReader(f, size) {
			if !yield(m, err) {
				return
			}
		}
	}
}

// backwardReader yields the messages in the first size bytes of r newest
// first, reading backwards in chunks: stopping early reads no further.
//
// A message is yielded once the line before it shows it complete. In
// Claude Code's format, lines of one assistant reply are merged, also
// across the tool results Claude Code writes between them (the reply then
// comes before those results); the other formats are described on their
// [Format] constants. Lines that are not messages, malformed JSON, blank
// lines and over-long lines are skipped; an unterminated last line is used
// only if it is complete JSON. A read error is yielded last, with a zero
// Message.
func (o Options) backwardReader(r io.ReaderAt, size int64) iter.Seq2[Message, error] {
	return func(yield func(Message, error) bool) {
		o.scan(r, size, func(m Message, turnEnd bool, err error) bool {
			if turnEnd {
				return true
			}
			return yield(m, err)
		})
	}
}

// scan feeds fn the messages of r newest first, the turn ends the format
// marks (turnEnd set, zero Message), and a read error last. It returns the
// format it read (FormatAuto when no line named one).
func (o Options) scan(r io.ReaderAt, size int64, fn func(m Message, turnEnd bool, err error) bool) Format {
	s := newLineScanner(r, size, o)
	defer s.release()
	a := assembler{maxHeld: o.maxHeldResults()}
	emit := func(m Message) bool { return fn(m, false, nil) }
	f := o.Format
	d := f.decoder()
	for {
		line, ok := s.prev()
		if !ok {
			break
		}
		if f == FormatAuto {
			if f = sniff(line); f == FormatAuto {
				continue
			}
			d = f.decoder()
		}
		if d == nil { // Claude Code
			if m, ok := parseLine(line); ok && !a.add(m, emit) {
				return f
			}
			continue
		}
		got := d.decode(line)
		for _, m := range got.msgs { // held messages come before the line's turn end
			if !emit(m) {
				return f
			}
		}
		if got.turnEnd && !fn(Message{}, true, nil) {
			return f
		}
		if got.stop {
			return f
		}
	}
	if s.err != nil {
		fn(Message{}, false, s.err)
		return f
	}
	a.flush(emit)
	if fl, ok := d.(flusher); ok {
		for _, m := range fl.flush() {
			if !emit(m) {
				return f
			}
		}
	}
	return f
}

// open opens a transcript for reading and returns its current size. It
// refuses anything but a regular file, so a path naming a FIFO or a device
// cannot block or flood the hook.
func open(path string) (*os.File, int64, error) {
	if path == "" {
		return nil, 0, errNoPath
	}
	f, err := safefile.OpenRead(path) // checks the type after opening, without blocking
	if err != nil {
		return nil, 0, fmt.Errorf("transcript: %w", err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("transcript: %w", err)
	}
	return f, fi.Size(), nil
}
