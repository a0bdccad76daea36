package httphook

import (
	"errors"
	"io"
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
		plain    bool // the body's reader does not enforce max: readBody must
	}{
		{"declared", int64(len(body)), 100, body, false, false},
		{"unknown", -1, 100, body, false, false},
		{"declared shorter", 3, 100, body, false, false},
		{"declared longer", 100, 200, body, false, false},
		{"over the bound, declared", int64(len(body)), 5, "", true, false},
		{"over the bound, unknown", -1, 5, "", true, false},
		{"declared over the bound", 1000, 5, "", true, false},
		{"declared within the bound, body over it, plain reader", 3, 5, "", true, true},
		{"declared, plain reader", int64(len(body)), 100, body, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var r io.Reader = http.MaxBytesReader(httptest.NewRecorder(), nopCloser{strings.NewReader(body)}, tt.max)
			if tt.plain {
				r = strings.NewReader(body)
			}
			got, err := readBody(nil, r, tt.declared, tt.max)
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

// TestHeaderKeys: the keys the handler reads with header are in canonical
// form, so that header(h, k) is h.Get(k), for keys set any way Header's
// methods and net/http's server set them.
func TestHeaderKeys(t *testing.T) {
	t.Parallel()
	for _, k := range []string{"Origin", "Content-Type", "Authorization"} {
		if c := http.CanonicalHeaderKey(k); c != k {
			t.Errorf("%q is not canonical (%q): header would miss it", k, c)
		}
		h := http.Header{}
		h.Set(strings.ToLower(k), "v")
		h.Add(strings.ToUpper(k), "w")
		if header(h, k) != h.Get(k) || header(h, k) != "v" {
			t.Errorf("header(%q) = %q, Get = %q", k, header(h, k), h.Get(k))
		}
		if header(http.Header{}, k) != "" {
			t.Errorf("header(%q) of an empty Header not empty", k)
		}
	}
}
