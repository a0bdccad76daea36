package judge

import (
	"bufio"
	"compress/gzip"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stophook/stophook/internal/lazyre"
	"github.com/tidwall/gjson"
)

// FuzzLineAsks holds lineAsks to the patterns it stands for: a line it
// rules out is matched by none of them (each compiled by package regexp,
// without the prefilters). The seeds are closing lines that ask and lines
// that do not, in the languages the patterns know.
func FuzzLineAsks(f *testing.F) {
	for _, s := range []string{"", "all done: the tests pass.", "open decisions: the cache ttl", "let me know what you think!",
		"if you're still seeing old timestamps, let me know which client you use.", "please review the plan before i start.",
		"say yes and i'll open the pr.", "승인 대기 중", "承認いただければ実装に入ります。", "exit plan mode and i'll begin.",
		"let me know whether to commit and continue.", "let me know which option you prefer.", "say go and i'll build it.",
		"just say the word.", "ready when you are", "i'll hold off until you confirm.", "Say The Word", "needs input: a new api key"} {
		f.Add(s)
	}
	res := make([]*regexp.Regexp, len(lineAskPatterns))
	for i, r := range lineAskPatterns {
		res[i] = regexp.MustCompile(r.String())
	}
	f.Fuzz(func(t *testing.T, line string) {
		if lineAsks.MayMatch(line) {
			return
		}
		for _, re := range res {
			if re.MatchString(line) {
				t.Fatalf("lineAsks rules out %q, which %q matches", line, re)
			}
		}
	})
}

// TestLineAsksRulesOut: the filter does rule lines out (a filter that
// let every line through would pass FuzzLineAsks and save nothing), and
// lets through the lines that ask.
func TestLineAsksRulesOut(t *testing.T) {
	for _, line := range []string{"all done: the tests pass.", "i updated the parser and added tests."} {
		if lineAsks.MayMatch(line) {
			t.Errorf("lineAsks lets %q through", line)
		}
	}
	for _, line := range []string{"say go and i'll build it.", "open decisions: the cache ttl", "承認いただければ実装に入ります。"} {
		if !lineAsks.MayMatch(line) {
			t.Errorf("lineAsks rules out %q", line)
		}
	}
}

// TestLineAsksChangesNoVerdict holds the loop in question to the list
// lineAsks is built from: every text of the shipped sessions (each JSON
// string of their lines) gets the same verdict
// with the filter as with one that lets every line through. A pattern
// added to the loop and not to lineAskPatterns fails it wherever the
// sessions hold a line the new pattern matches.
func TestLineAsksChangesNoVerdict(t *testing.T) {
	texts := shippedTexts(t)
	if len(texts) < 10000 {
		t.Fatalf("read %d texts from testdata/sessions, want at least 10 000", len(texts))
	}
	with := make([]Verdict, len(texts))
	for i, s := range texts {
		with[i] = Classify(s)
	}
	filter := lineAsks
	defer func() { lineAsks = filter }()
	lineAsks = lazyre.NewAnyOf(lazyre.New(``)) // no prefilter: every line goes through
	diffs := 0
	for i, s := range texts {
		if v := Classify(s); v != with[i] {
			if diffs++; diffs <= 5 {
				t.Errorf("%q: with the filter %+v, without %+v", s, with[i], v)
			}
		}
	}
	if diffs > 0 {
		t.Errorf("%d of %d texts change verdict with the filter: a pattern of the loop is missing from lineAskPatterns", diffs, len(texts))
	}
}

// shippedTexts returns the distinct JSON strings of the shipped sessions'
// lines.
func shippedTexts(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "sessions", "*.jsonl.gz"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no shipped sessions: %v", err)
	}
	seen := map[string]bool{}
	var texts []string
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" && !seen[s] {
			seen[s] = true
			texts = append(texts, s)
		}
	}
	var walk func(gjson.Result)
	walk = func(r gjson.Result) {
		switch {
		case r.Type == gjson.String:
			add(r.Str)
		case r.IsObject() || r.IsArray():
			r.ForEach(func(_, v gjson.Result) bool { walk(v); return true })
		}
	}
	for _, p := range paths {
		f, err := os.Open(p)
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
			walk(gjson.ParseBytes(sc.Bytes()))
		}
		if err := sc.Err(); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		f.Close()
	}
	return texts
}
