package transcript

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"
)

const (
	firstChunk = 64 << 10  // first read from the end
	maxChunk   = 256 << 10 // reads double up to this size
)

// lineScanner yields the lines of r[0:size] from the last to the first,
// reading backwards in chunks. A line is the bytes between two '\n' (the
// last one may lack its '\n': the file is still being written). Lines
// longer than maxLine are skipped without being held in memory whole, and
// at most budget bytes are read; the partial line at the budget's edge is
// dropped.
type lineScanner struct {
	r       io.ReaderAt
	off     int64  // file offset of data[0]: bytes [0, off) are unread
	buf     []byte // reused read buffer
	data    []byte // buf[:len(data)]: read bytes not yet split into lines
	nl      []int  // offsets in data of its '\n' bytes, ascending
	chunk   int    // size of the next read
	grow    int    // reads double up to this size
	maxLine int
	budget  int64 // bytes left to read
	skip    bool  // data is the tail of an over-long line: drop up to its start
	done    bool
	err     error
}

// newLineScanner returns a scanner of r[0:size]; [lineScanner.release]
// gives it back once its lines are no longer used.
func newLineScanner(r io.ReaderAt, size int64, o Options) *lineScanner {
	s, _ := scanners.Get().(*lineScanner)
	if s == nil {
		s = new(lineScanner)
	}
	*s = lineScanner{
		r:       r,
		off:     max(size, 0),
		buf:     s.buf[:0],
		nl:      s.nl[:0],
		chunk:   o.chunkSize(),
		grow:    o.chunkMaxSize(),
		maxLine: o.maxLine(),
		budget:  o.maxBytes(),
	}
	return s
}

// scanners keeps released scanners with their buffers: a hook server
// reads a transcript for each stop, and a fresh 64 KiB read buffer each
// time was most of the memory a decision allocated.
var scanners sync.Pool

// maxPooledBuf bounds the read buffer a released scanner keeps.
const maxPooledBuf = 1 << 20

// release gives s back for reuse: no line it returned may be used after.
// (Every reader of lines copies what it keeps: parseLine's and the
// decoders' results share no memory with the line.)
func (s *lineScanner) release() {
	buf, nl := s.buf, s.nl
	if cap(buf) > maxPooledBuf {
		buf = nil
	}
	if cap(nl) > maxPooledBuf/8 {
		nl = nil
	}
	*s = lineScanner{buf: buf[:0], nl: nl[:0]}
	scanners.Put(s)
}

// prev returns the line before the one returned last. It reports false at
// the start of the input, when the budget is spent, or after a read error
// (left in s.err). The line is valid until the next call.
func (s *lineScanner) prev() ([]byte, bool) {
	for !s.done {
		if k := len(s.nl) - 1; k >= 0 {
			i := s.nl[k]
			s.nl = s.nl[:k]
			line := s.data[i+1:]
			s.data = s.data[:i]
			if s.skip || len(line) > s.maxLine {
				s.skip = false
				continue
			}
			return line, true
		}
		// s.data is the end of a line that starts further back.
		if s.off == 0 {
			s.done = true
			if s.skip || len(s.data) > s.maxLine {
				return nil, false
			}
			return s.data, true
		}
		if s.budget <= 0 {
			s.done = true
			return nil, false
		}
		if len(s.data) > s.maxLine {
			s.skip = true
			s.data = s.data[:0]
		}
		if err := s.fill(); err != nil {
			s.err, s.done = err, true
			return nil, false
		}
	}
	return nil, false
}

// fill reads the chunk that precedes s.data and puts it in front of it.
func (s *lineScanner) fill() error {
	c := int64(s.chunk)
	c = min(c, s.off, s.budget)
	n := int(c) + len(s.data)
	if cap(s.buf) < n {
		nb := make([]byte, n, max(n, 2*cap(s.buf)))
		copy(nb[c:], s.data)
		s.buf = nb
	} else {
		s.buf = s.buf[:n]
		copy(s.buf[c:], s.data) // overlapping: copy moves
	}
	got, err := s.r.ReadAt(s.buf[:c], s.off-c)
	if int64(got) < c {
		if err == nil || errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF // the file shrank under us
		}
		return fmt.Errorf("transcript: read at %d: %w", s.off-c, err)
	}
	s.off -= c
	s.budget -= c
	s.data = s.buf[:n]
	// Find the newlines of the new chunk going forward: IndexByte is
	// vectorised, LastIndexByte is not. The old bytes hold none.
	for i := 0; i < int(c); {
		j := bytes.IndexByte(s.data[i:c], '\n')
		if j < 0 {
			break
		}
		s.nl = append(s.nl, i+j)
		i += j + 1
	}
	s.chunk = max(min(2*s.chunk, s.grow), s.chunk)
	return nil
}
