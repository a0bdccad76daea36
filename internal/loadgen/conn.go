package loadgen

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
)

// conn is one keep-alive HTTP/1.1 connection of a worker, written and
// read by hand: net/http's client costs more CPU per request than a small
// hook server does, and the generator shares the machine with the server
// it measures, so its own cost is kept to a write and a read.
type conn struct {
	addr   string // host:port, loopback
	prefix []byte // request line and fixed headers, up to Content-Length
	c      net.Conn
	r      *bufio.Reader
	req    []byte
}

// newConn returns the connection of a worker for u (checked loopback).
func newConn(u *url.URL, token string) *conn {
	path := u.RequestURI()
	var b bytes.Buffer
	fmt.Fprintf(&b, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n", path, u.Host)
	if token != "" {
		fmt.Fprintf(&b, "Authorization: Bearer %s\r\n", token)
	}
	b.WriteString("Content-Length: ")
	return &conn{addr: u.Host, prefix: b.Bytes()}
}

// set gives c a new connection.
func (c *conn) set(nc net.Conn) { c.c, c.r = nc, bufio.NewReaderSize(nc, 4096) }

// do sends one request with body on c's connection and reads the answer;
// it reports whether the status was 2xx, and whether the connection can
// carry the next request (false after an error: the caller closes it and
// dials again).
func (c *conn) do(body []byte) (ok, keep bool, err error) {
	c.req = append(append(c.req[:0], c.prefix...), strconv.Itoa(len(body))...)
	c.req = append(append(c.req, "\r\n\r\n"...), body...)
	if _, err := c.c.Write(c.req); err != nil {
		return false, false, err
	}
	return readResponse(c.r)
}

func (c *conn) close() {
	if c.c != nil {
		c.c.Close()
		c.c, c.r = nil, nil
	}
}

var errResponse = errors.New("loadgen: malformed response")

// readResponse reads one response (status line, headers, body by
// Content-Length or chunks) and discards the body.
func readResponse(r *bufio.Reader) (ok, keep bool, err error) {
	line, err := r.ReadSlice('\n')
	if err != nil {
		return false, false, err
	}
	// "HTTP/1.1 200 OK"
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.")) {
		return false, false, errResponse
	}
	ok = line[9] == '2'
	keep = line[7] == '1'
	length, chunked := -1, false
	for {
		line, err = r.ReadSlice('\n')
		if err != nil {
			return false, false, err
		}
		h := bytes.TrimRight(line, "\r\n")
		if len(h) == 0 {
			break
		}
		name, value, found := bytes.Cut(h, []byte(":"))
		if !found {
			return false, false, errResponse
		}
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, err = strconv.Atoi(string(value)); err != nil || length < 0 {
				return false, false, errResponse
			}
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(value, []byte("chunked"))
		case bytes.EqualFold(name, []byte("Connection")):
			if bytes.EqualFold(value, []byte("close")) {
				keep = false
			}
		}
	}
	switch {
	case chunked:
		err = discardChunks(r)
	case length >= 0:
		_, err = r.Discard(length)
	default: // the body runs to the end of the connection
		_, err = io.Copy(io.Discard, r)
		keep = false
	}
	if err != nil {
		return false, false, err
	}
	return ok, keep, nil
}

func discardChunks(r *bufio.Reader) error {
	for {
		line, err := r.ReadSlice('\n')
		if err != nil {
			return err
		}
		size, _, _ := bytes.Cut(bytes.TrimRight(line, "\r\n"), []byte(";"))
		n, err := strconv.ParseInt(string(size), 16, 64)
		if err != nil || n < 0 {
			return errResponse
		}
		if n == 0 {
			for { // trailers, then the blank line
				line, err := r.ReadSlice('\n')
				if err != nil {
					return err
				}
				if len(bytes.TrimRight(line, "\r\n")) == 0 {
					return nil
				}
			}
		}
		if _, err := r.Discard(int(n) + 2); err != nil {
			return err
		}
	}
}
