package deferred

import (
	"bytes"
	"io"
	"os"
	"testing"
)

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

// filepathShort returns a short temporary directory removed at the end of t.
func filepathShort(t *testing.T) (string, error) {
	dir, err := os.MkdirTemp("", "dfr")
	if err != nil {
		return "", err
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir, nil
}
