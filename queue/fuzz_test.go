package queue

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

func TestEncodeName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"warden-main-4", "warden-main-4"},
		{"../../etc/passwd", "%2E%2E%2F%2E%2E%2Fetc%2Fpasswd"},
		{"x.stale", "x%2Estale"},
	} {
		if got, err := encodeName(tc.in); got != tc.want || err != nil {
			t.Errorf("encodeName(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

func FuzzEncodeName(f *testing.F) {
	for _, s := range []string{"warden-main-4", "../../etc/passwd", "..", ".", "a/b", "x.stale", "名前", "\x00", strings.Repeat("z", 300)} {
		f.Add(s)
	}
	dir := filepath.Join("queues")
	f.Fuzz(func(t *testing.T, name string) {
		enc, err := encodeName(name)
		if name == "" {
			if !errors.Is(err, errInvalidName) {
				t.Fatalf("empty name: got %v, want errInvalidName", err)
			}
			return
		}
		if err != nil {
			t.Fatalf("encodeName(%q): %v", name, err)
		}
		if len(enc) == 0 || len(enc) > maxEncodedName {
			t.Fatalf("encodeName(%q) = %q: length %d", name, enc, len(enc))
		}
		for _, c := range enc {
			ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '%' || c == '~'
			if !ok {
				t.Fatalf("encodeName(%q) = %q holds %q", name, enc, c)
			}
		}
		d := NewDir(dir)
		for _, suffix := range []string{"", suffixStale, suffixDone} {
			p, err := d.file(name, suffix)
			if err != nil || filepath.Dir(p) != dir {
				t.Fatalf("file(%q, %q) = %q, %v: outside %s", name, suffix, p, err, dir)
			}
		}
		// Injective on short names: decoding the escapes gives the name back.
		if !strings.Contains(enc, "~") {
			if got := decodeName(enc); got != name {
				t.Fatalf("encodeName(%q) = %q decodes to %q", name, enc, got)
			}
		}
	})
}

func decodeName(enc string) string {
	var b strings.Builder
	for i := 0; i < len(enc); i++ {
		if enc[i] == '%' && i+2 < len(enc) {
			var v byte
			for _, h := range enc[i+1 : i+3] {
				v <<= 4
				switch {
				case h >= '0' && h <= '9':
					v |= byte(h - '0')
				case h >= 'A' && h <= 'F':
					v |= byte(h-'A') + 10
				}
			}
			b.WriteByte(v)
			i += 2
			continue
		}
		b.WriteByte(enc[i])
	}
	return b.String()
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"commands":[{"id":1,"command":"/clear","status":"active","awaits":{"hook":"SessionStart","sub":"clear"},"result":null,"completed_at":null}]}`,
		`{"commands":[{"id":1,"command":"a","status":"done","awaits":{"hook":"Stop","sub":null},"result":"r","completed_at":"2026-01-02T03:04:05Z"},{"id":2,"command":"b","status":"pending","awaits":{"hook":"Stop"}}]}`,
		`{"commands":[]}`, `{`, `null`, `[]`, `{"commands":[{"status":"active"}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		q, err := parseQueue(data)
		if err != nil {
			if !errors.Is(err, errMalformed) {
				t.Fatalf("error %v does not wrap errMalformed", err)
			}
			return
		}
		if len(q.Commands) == 0 || q.check() != nil {
			t.Fatalf("accepted an inconsistent queue: %+v", q)
		}
		// What parses re-encodes and parses to the same queue.
		b, err := q.marshal()
		if err != nil {
			t.Fatal(err)
		}
		q2, err := parseQueue(b)
		if err != nil {
			t.Fatalf("re-parse: %v\n%s", err, b)
		}
		b2, _ := q2.marshal()
		if string(b) != string(b2) {
			t.Fatalf("round trip changed the queue:\n%s\n%s", b, b2)
		}
	})
}
