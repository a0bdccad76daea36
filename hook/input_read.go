package hook

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"
)

// readHookInput reads one JSON value of at most max bytes from r within
// timeout. It returns as soon as the value is complete, without waiting
// for the end of r: a host that leaves stdin open gets its answer at once
// instead of after the timeout. Bytes after the value are not read.
func readHookInput(r io.Reader, max int64, timeout time.Duration) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	ch := make(chan result, 1)
	go func() {
		data, err := decodeOne(r, max)
		ch <- result{data, err}
	}()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case res := <-ch:
		return res.data, res.err
	case <-t.C:
		return nil, errors.New("timed out reading hook input after " + timeout.String())
	}
}

// decodeOne reads the first JSON value of r, failing when it takes more
// than max bytes.
func decodeOne(r io.Reader, max int64) ([]byte, error) {
	lr := &io.LimitedReader{R: r, N: max + 1}
	dec := json.NewDecoder(lr)
	var raw json.RawMessage
	err := dec.Decode(&raw)
	var syntax *json.SyntaxError
	switch {
	case err == nil && int64(len(raw)) <= max:
		return raw, nil
	case err == nil || lr.N <= 0:
		return nil, fmt.Errorf("hook input larger than %d bytes", max)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.As(err, &syntax):
		return nil, errors.New("invalid hook input: not a JSON object")
	}
	return nil, fmt.Errorf("read hook input: %w", err)
}
