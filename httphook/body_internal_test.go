package httphook

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestReadBody reads bodies whatever their declared length says: exact,
// unknown, too short for the body, above the bound.
func TestReadBody(t *testing.T) {
	t.Parallel()
	body := `{"session_id":"s"}`
	tests := []struct {
		name     string
		declared int64
		max      int64
		want     string
		tooBig   bool
	}{
		{"declared", int64(len(body)), 100, body, false},
		{"unknown", -1, 100, body, false},
		{"declared shorter", 3, 100, body, false},
		{"declared longer", 100, 200, body, false},
		{"over the bound, declared", int64(len(body)), 5, "", true},
		{"over the bound, unknown", -1, 5, "", true},
		{"declared over the bound", 1000, 5, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := http.MaxBytesReader(httptest.NewRecorder(), nopCloser{strings.NewReader(body)}, tt.max)
			got, err := readBody(r, tt.declared, tt.max)
			var tooBig *http.MaxBytesError
			if tt.tooBig {
				if !errors.As(err, &tooBig) {
					t.Errorf("got %q, %v; want a MaxBytesError", got, err)
				}
				return
			}
			if err != nil || string(got) != tt.want {
				t.Errorf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

type nopCloser struct{ *strings.Reader }

func (nopCloser) Close() error { return nil }
