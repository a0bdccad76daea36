package main

import (
	"bufio"
	"errors"
	"io"
)

// lineReader reads newline-terminated lines of at most max bytes. A longer
// line is skipped as it is read, never held whole, and reported as too long.
type lineReader struct {
	r   *bufio.Reader
	max int
	off int64 // bytes consumed: the offset just past the last line read
}

func newLineReader(r io.Reader, max int) *lineReader {
	size := 64 << 10
	if max+1 > size {
		size = max + 1
	}
	if size > 1<<20 {
		size = 1 << 20
	}
	return &lineReader{r: bufio.NewReaderSize(r, size), max: max}
}

// next returns the next line without its "\n" (and "\r"), or tooLong for a
// line over the bound. It returns io.EOF after the last line; a last line
// without a newline is returned first.
func (l *lineReader) next() (line []byte, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := l.r.ReadSlice('\n')
		l.off += int64(len(chunk))
		if !tooLong {
			n := len(buf) + len(chunk)
			if err == nil {
				n-- // the newline
			}
			if n > l.max {
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		switch {
		case err == nil:
			return trimEOL(buf), tooLong, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF:
			if len(buf) == 0 && !tooLong {
				return nil, false, io.EOF
			}
			return trimEOL(buf), tooLong, nil
		default:
			return nil, false, err
		}
	}
}

func trimEOL(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	return b
}
