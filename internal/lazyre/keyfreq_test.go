package lazyre

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBucketFreq derives bucketFreq from the sessions it is measured on:
// every line (trimmed, lower-cased, at most 300 bytes) of every string of
// their JSON lines counts once for each bit its bigram set holds. A
// session added there moves the frequencies a little: the table must
// stay within freqSlack of them, and the failure prints the new one.
func TestBucketFreq(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "..", "judge", "testdata", "sessions", "*.jsonl.gz"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no sessions to measure on: %v", err)
	}
	var counts [128]int
	lines := 0
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			for line := range strings.SplitSeq(v, "\n") {
				line = strings.ToLower(strings.TrimSpace(line))
				if line == "" || len(line) > 300 {
					continue
				}
				set := bigrams(line)
				for k := range 128 {
					if set[k>>6]&(1<<(k&63)) != 0 {
						counts[k]++
					}
				}
				lines++
			}
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(zr)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			var v any
			if json.Unmarshal(sc.Bytes(), &v) == nil {
				walk(v)
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	var want [128]uint8
	off := 0
	for k, c := range counts {
		want[k] = uint8((c*255 + lines/2) / lines)
		off = max(off, int(want[k])-int(bucketFreq[k]), int(bucketFreq[k])-int(want[k]))
	}
	if off > freqSlack {
		var b strings.Builder
		for k, f := range want {
			if k%16 == 0 {
				b.WriteString("\n\t")
			} else {
				b.WriteString(" ")
			}
			fmt.Fprintf(&b, "%d,", f)
		}
		t.Errorf("bucketFreq is up to %d off the sessions' %d lines; want:%s", off, lines, b.String())
	}
}

// freqSlack is how far bucketFreq may be from the sessions' frequencies.
const freqSlack = 8
