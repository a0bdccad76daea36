package judge_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// The rewritten endings of session 7 (ids "rh-…", splits "rh-train" and
// "rh-holdout", which follow the harvested sentence's repository): the
// harvested real sentences (harvest_test.go) become the final message of a
// real finished turn, over a check run appended in one of the rw- set's
// formats and hosts:
//
//   - a statement of failure over the failed run (error/failed);
//   - a success claim over a failed run of the check it names
//     (error/claimed_success), and over the failed run followed by a passing
//     rerun (done: the claim is true);
//   - a sentence that only talks of failures over the failed run followed by
//     a passing rerun (done: failed midway and fixed).
//
// The generator writes the block of testdata/turns.jsonl; TestRewrittenSet
// checks it with the rw- block. A sentence that is not shipped is named by
// final_of and read at test time.

// rhFamily guesses the check a failure statement is about, to append a run
// of that family; other statements get formats in turn.
var rhFamily = []struct {
	family string
	re     *regexp.Regexp
}{
	{"push", regexp.MustCompile(`(?i)\bpush|\brejected\b`)},
	{"ci", regexp.MustCompile(`(?i)\bci\b|workflow|actions|pipeline|\bjob\b`)},
	{"lint", regexp.MustCompile(`(?i)\blint|\bgofmt|\bformat`)},
	{"test", regexp.MustCompile(`(?i)\btests?\b|\bspecs?\b|\bpassed\b|\bfailures?\b`)},
	{"build", regexp.MustCompile(`(?i)\bbuild|\bcompil|\bexport|\barchive`)},
}

func rhFormatsOf(family string) []rwFormat {
	var out []rwFormat
	for _, f := range rwFormats {
		if f.family == family {
			out = append(out, f)
		}
	}
	return out
}

// harvestRewrittenCases generates the rh- block from testdata/harvest.jsonl.
func harvestRewrittenCases(t testing.TB) []turnCase {
	all, err := harvestSet()
	if err != nil {
		t.Fatal(err)
	}
	var out []turnCase
	n, turn := 0, map[string]int{}
	base := func() (string, string) {
		h := rwHosts[n%len(rwHosts)]
		b := h.bases[(n/len(rwHosts))%len(h.bases)]
		n++
		return b, h.style
	}
	pick := func(family string) rwFormat {
		fs := rhFormatsOf(family)
		if len(fs) == 0 {
			fs = rwFormats
		}
		f := fs[turn[family]%len(fs)]
		turn[family]++
		return f
	}
	add := func(h harvested, c turnCase) {
		c.ID = fmt.Sprintf("rh-%03d", len(out))
		c.Split = "rh-train"
		if h.Split == "harvest-holdout" {
			c.Split = "rh-holdout"
		}
		c.Src = "rewritten ending of " + c.Base + " with harvested sentence " + h.ID + " (" + h.Repo + ")"
		c.Licence = "that of its base; the sentence's: " + h.Licence
		if h.Corpus == "" {
			c.Final = h.Text
		} else {
			c.FinalOf = h.ID
		}
		out = append(out, c)
	}
	for _, h := range all {
		switch {
		case h.Label == "error":
			family := ""
			for _, g := range rhFamily {
				if g.re.MatchString(h.Text + " " + h.Corpus) {
					family = g.family
					break
				}
			}
			f := pick(family)
			b, style := base()
			run := appendRun{Command: f.cmd, Exit: f.exit, Output: f.out, Style: style}
			add(h, turnCase{Base: b, Variant: "fails", Label: "error", Kind: "failed", Append: []appendRun{run}})
		case h.Label == "claim" && len(rhFormatsOf(h.Family)) > 0:
			f := pick(h.Family)
			b, style := base()
			run := appendRun{Command: f.cmd, Exit: f.exit, Output: f.out, Style: style}
			add(h, turnCase{Base: b, Variant: "claims", Label: "error", Kind: "claimed_success", Append: []appendRun{run}})
			b, style = base()
			run.Style = style
			pass := appendRun{Command: f.respell, Exit: 0, Output: f.passOut, Style: style}
			add(h, turnCase{Base: b, Variant: "fixed", Label: "done", Append: []appendRun{run, pass}})
		case h.Label == "done" && (h.Where == "final-failure-words" || h.Where == "midturn-failure-words"):
			f := pick("")
			b, style := base()
			run := appendRun{Command: f.cmd, Exit: f.exit, Output: f.out, Style: style}
			pass := appendRun{Command: f.respell, Exit: 0, Output: f.passOut, Style: style}
			add(h, turnCase{Base: b, Variant: "fixed", Label: "done", Append: []appendRun{run, pass}})
		}
	}
	return out
}

// checkGeneratedBlock checks (or, with JUDGE_REWRITE_UPDATE=1, rewrites) the
// lines of testdata/turns.jsonl whose id starts with prefix.
func checkGeneratedBlock(t *testing.T, prefix string, want []byte) {
	t.Helper()
	p := filepath.Join("testdata", "turns.jsonl")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var keep, have bytes.Buffer
	for line := range bytes.Lines(data) {
		if bytes.HasPrefix(line, []byte(`{"id":"`+prefix)) {
			have.Write(line)
		} else {
			keep.Write(line)
		}
	}
	if os.Getenv("JUDGE_REWRITE_UPDATE") == "1" {
		keep.Write(want)
		if err := os.WriteFile(p, keep.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(have.Bytes(), want) {
		t.Fatalf("the %s lines of %s are not what the generator writes; run JUDGE_REWRITE_UPDATE=1 go test ./judge -run TestRewrittenSet", prefix, p)
	}
}

// TestHarvestRewrittenSet checks the rh- block of testdata/turns.jsonl.
func TestHarvestRewrittenSet(t *testing.T) {
	cases := harvestRewrittenCases(t)
	checkGeneratedBlock(t, "rh-", rewriteLines(cases))
	held := 0
	for _, c := range cases {
		if c.Split == "rh-holdout" {
			held++
		}
	}
	t.Logf("%d rewritten cases with harvested sentences, %d held out", len(cases), held)
}
