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

func TestReplacedWhyKeepsTheEndingOfTheReplacedJob(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		cur  jobRecord
		want string
	}{
		{"cancelled then replaced", jobRecord{ID: "b", Previous: &endedRecord{ID: "a", State: stateCancelled, Why: "the user typed in the session first"}}, "the user typed in the session first"},
		{"replaced while pending", jobRecord{ID: "b", Previous: &endedRecord{ID: "a", State: statePending}}, "a newer question replaced it"},
		{"another job's ending", jobRecord{ID: "c", Previous: &endedRecord{ID: "b", State: stateCancelled, Why: "x"}}, "a newer question replaced it"},
		{"no previous", jobRecord{ID: "b"}, "a newer question replaced it"},
	}
	for _, tt := range tests {
		if got := notPendingWhy(tt.cur, "a"); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}
