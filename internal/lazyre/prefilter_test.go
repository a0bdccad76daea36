package lazyre

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite prefilter_table.go from the patterns of the repository")

// maxSet bounds the literal sets the derivation builds.
const maxSet = 32

// facts are what the derivation knows of a pattern (or a part of one).
type facts struct {
	// exact, when known (exactOK), is every string the part matches.
	exact   []string
	exactOK bool
	// need, when not nil, holds literals one of which every match
	// contains.
	need []string
}

// derive returns the literals one of which every match of expr contains,
// and whether they are lower-cased for a case-folding pattern; nil when
// no useful set exists (or expr does not parse).
func derive(expr string) (lits []string, fold bool) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil, false
	}
	re = re.Simplify()
	fold = foldsCase(re)
	f := analyze(re, fold)
	best := f.need
	if f.exactOK && better(f.exact, best) {
		best = f.exact
	}
	if score(best) == 0 {
		return nil, false
	}
	return minimal(best), fold
}

// foldsCase reports whether a literal of re folds case.
func foldsCase(re *syntax.Regexp) bool {
	if re.Op == syntax.OpLiteral && re.Flags&syntax.FoldCase != 0 {
		return true
	}
	return slices.ContainsFunc(re.Sub, foldsCase)
}

func analyze(re *syntax.Regexp, fold bool) facts {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return facts{exact: []string{""}, exactOK: true}
	case syntax.OpLiteral:
		// Literals stay ASCII (see foldASCII): a non-ASCII rune splits
		// the literal, and the longest ASCII piece is required.
		var b strings.Builder
		longest, ascii := "", true
		for _, r := range re.Rune {
			if r >= 0x80 {
				ascii = false
				b.Reset()
				continue
			}
			if fold && 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			b.WriteRune(r)
			if b.Len() > len(longest) {
				longest = b.String()
			}
		}
		if !ascii {
			if longest == "" {
				return facts{}
			}
			return facts{need: []string{longest}}
		}
		return facts{exact: []string{longest}, exactOK: true, need: []string{longest}}
	case syntax.OpCharClass:
		var set []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], re.Rune[i+1]
			if hi >= 0x80 || hi-lo >= maxSet {
				return facts{}
			}
			for r := lo; r <= hi; r++ {
				if fold && 'A' <= r && r <= 'Z' {
					r += 'a' - 'A'
				}
				set = append(set, string(r))
			}
		}
		set = dedupe(set)
		if len(set) > maxSet {
			return facts{}
		}
		return facts{exact: set, exactOK: true, need: set}
	case syntax.OpCapture:
		return analyze(re.Sub[0], fold)
	case syntax.OpQuest:
		sub := analyze(re.Sub[0], fold)
		if sub.exactOK && len(sub.exact) < maxSet {
			return facts{exact: dedupe(append([]string{""}, sub.exact...)), exactOK: true}
		}
		return facts{}
	case syntax.OpPlus:
		return facts{need: analyze(re.Sub[0], fold).need}
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return facts{need: analyze(re.Sub[0], fold).need}
		}
		return facts{}
	case syntax.OpConcat:
		var best []string
		run, exact := []string{""}, true
		for _, s := range re.Sub {
			f := analyze(s, fold)
			if better(f.need, best) {
				best = f.need
			}
			if f.exactOK && len(run)*len(f.exact) <= maxSet {
				run = cross(run, f.exact)
				continue
			}
			exact = false
			if m := minimal(run); better(m, best) {
				best = m
			}
			run = []string{""}
			if f.exactOK && len(f.exact) <= maxSet {
				run = f.exact
			}
		}
		if m := minimal(run); better(m, best) {
			best = m
		}
		if exact {
			return facts{exact: run, exactOK: true, need: best}
		}
		return facts{need: best}
	case syntax.OpAlternate:
		var exact, need []string
		exactOK, needOK := true, true
		for _, s := range re.Sub {
			f := analyze(s, fold)
			exactOK = exactOK && f.exactOK
			exact = append(exact, f.exact...)
			n := f.need
			if f.exactOK && better(f.exact, n) {
				n = f.exact
			}
			if score(n) == 0 {
				needOK = false
			}
			need = append(need, n...)
		}
		var out facts
		if exactOK && len(exact) <= maxSet {
			out.exact, out.exactOK = dedupe(exact), true
		}
		if needOK {
			if need = minimal(need); len(need) <= 4*maxSet {
				out.need = need
			}
		}
		return out
	}
	// OpAnyChar, OpAnyCharNotNL, OpStar, OpNoMatch: nothing to require.
	return facts{}
}

// cross returns every a+b.
func cross(as, bs []string) []string {
	out := make([]string, 0, len(as)*len(bs))
	for _, a := range as {
		for _, b := range bs {
			out = append(out, a+b)
		}
	}
	return dedupe(out)
}

// goodLen is the literal length from which a literal is rare enough in
// prose: a longer one does not make a better filter, fewer literals do.
const goodLen = 6

// score rates a literal set as a filter: its shortest literal's length,
// up to goodLen (0: no filter).
func score(set []string) int {
	if len(set) == 0 {
		return 0
	}
	m := len(set[0])
	for _, s := range set[1:] {
		m = min(m, len(s))
	}
	return min(m, goodLen)
}

// better reports whether a filters better than b: longer shortest
// literal, then fewer literals.
func better(a, b []string) bool {
	sa, sb := score(a), score(b)
	if sa != sb {
		return sa > sb
	}
	return sa > 0 && len(a) < len(b)
}

func dedupe(set []string) []string {
	set = slices.Clone(set)
	slices.Sort(set)
	return slices.Compact(set)
}

// minimal drops every literal that contains another of the set: finding
// the shorter one is enough.
func minimal(set []string) []string {
	set = dedupe(set)
	var out []string
	for _, s := range set {
		if !slices.ContainsFunc(set, func(t string) bool { return t != s && strings.Contains(s, t) }) {
			out = append(out, s)
		}
	}
	return out
}

// patterns returns the constant expressions given to New in the non-test
// Go files of the repository.
func patterns(t *testing.T) []string {
	t.Helper()
	root := filepath.Join("..", "..")
	var exprs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "New" {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "lazyre" {
				return true
			}
			if s, ok := constString(call.Args[0]); ok {
				exprs = append(exprs, s)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dedupe(exprs)
}

// constString evaluates a string literal or a sum of them.
func constString(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		a, ok1 := constString(e.X)
		b, ok2 := constString(e.Y)
		return a + b, ok1 && ok2
	case *ast.ParenExpr:
		return constString(e.X)
	}
	return "", false
}

// table renders prefilter_table.go for exprs.
func table(exprs []string) []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated by TestPrefilterTable (go test ./internal/lazyre -run TestPrefilterTable -update); DO NOT EDIT.\n\n")
	b.WriteString("package lazyre\n\n")
	b.WriteString("// prefilters are sorted by expr; see prefilter.\n")
	b.WriteString("var prefilters = [...]prefilter{\n")
	for _, expr := range exprs {
		lits, fold := derive(expr)
		if lits == nil {
			continue
		}
		q := make([]string, len(lits))
		for i, l := range lits {
			q[i] = strconv.Quote(l)
		}
		fmt.Fprintf(&b, "\t{expr: %s, fold: %t, any: []string{%s}},\n", quote(expr), fold, strings.Join(q, ", "))
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// quote writes s as a raw string when it can be one.
func quote(s string) string {
	if !strings.Contains(s, "`") && strconv.CanBackquote(s) {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}

// TestPrefilterTable keeps prefilter_table.go equal to what derive makes
// of every pattern given to New in the repository: a stale table is only
// slower (a pattern without an entry is compiled on first use, as before),
// but a table entry must never be wrong.
func TestPrefilterTable(t *testing.T) {
	want := table(patterns(t))
	if *update {
		if err := os.WriteFile("prefilter_table.go", want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile("prefilter_table.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("prefilter_table.go is stale: run go test ./internal/lazyre -run TestPrefilterTable -update")
	}
	for i := 1; i < len(prefilters); i++ {
		if prefilters[i-1].expr >= prefilters[i].expr {
			t.Fatalf("table not sorted at %d", i)
		}
	}
}

func TestDerive(t *testing.T) {
	tests := []struct {
		expr string
		want []string
		fold bool
	}{
		{`abc`, []string{"abc"}, false},
		{`\bi (?:was |am )?unable to\b`, []string{"unable to"}, false},
		{`\bi (?:was|am) go\b`, []string{"i am go", "i was go"}, false},
		{`\bfail|\berror|\bred\b`, []string{"error", "fail", "red"}, false},
		{`(?i)error|failed`, []string{"error", "failed"}, true},
		{`a.*bcd`, []string{"bcd"}, false},
		{`x+yz`, []string{"yz"}, false},
		{`(?:ab)+`, []string{"ab"}, false},
		{`.*`, nil, false},
		{`a|.*`, nil, false},
		{`[0-9]+`, []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}, false},
		{`caf\x{e9}`, []string{"caf"}, false},
		{`(`, nil, false},
	}
	for _, tt := range tests {
		got, fold := derive(tt.expr)
		if !slices.Equal(got, tt.want) || fold != tt.fold {
			t.Errorf("derive(%q) = %q, %v; want %q, %v", tt.expr, got, fold, tt.want, tt.fold)
		}
	}
}

// samples are texts to try every pattern on: each pattern's literals, in
// and out of context, and cased and folded variants.
func samples() []string {
	out := []string{"", "x", "the tests still fail", "I couldn't get it to build", "K\u212Aſ"}
	for _, p := range prefilters {
		for _, l := range p.any {
			out = append(out, l, "a "+l+" b", strings.ToUpper(l))
		}
	}
	return out
}

// TestPrefilterSound checks that no table entry rules out a text its
// pattern matches, on the samples and on the judge's labelled messages.
func TestPrefilterSound(t *testing.T) {
	texts := samples()
	if data, err := os.ReadFile(filepath.Join("..", "..", "judge", "testdata", "labelled.jsonl")); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			texts = append(texts, line, strings.ToLower(line))
		}
	}
	for i := range prefilters {
		p := &prefilters[i]
		re := regexp.MustCompile(p.expr)
		for _, s := range texts {
			if re.MatchString(s) && !p.mayMatch(s) {
				t.Errorf("%q rules out %q, which matches", p.expr, s)
			}
		}
	}
}

func FuzzPrefilter(f *testing.F) {
	for _, s := range samples() {
		f.Add(s)
	}
	compiled := make([]*regexp.Regexp, len(prefilters))
	for i := range prefilters {
		compiled[i] = regexp.MustCompile(prefilters[i].expr)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i := range prefilters {
			if compiled[i].MatchString(s) && !prefilters[i].mayMatch(s) {
				t.Errorf("%q rules out %q, which matches", prefilters[i].expr, s)
			}
		}
	})
}

func TestFilteredMethods(t *testing.T) {
	r := New(`\bstill fail(?:s|ing)?\b`)
	r.pre = &prefilter{expr: r.expr, any: []string{"still fail"}}
	r.preOnce.Do(func() {})
	if r.MatchString("all tests pass") || r.FindString("all tests pass") != "" ||
		r.FindStringIndex("all tests pass") != nil || r.FindStringSubmatch("all tests pass") != nil {
		t.Error("a text without the literal matched")
	}
	if r.re != nil {
		t.Error("compiled for a text the prefilter rules out")
	}
	if !r.MatchString("the tests still fail") || r.FindString("it still fails") != "still fails" {
		t.Error("a match was missed")
	}
}
