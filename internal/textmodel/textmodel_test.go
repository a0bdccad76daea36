package textmodel_test

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"github.com/stophook/stophook/internal/textmodel"
)

func words(text string) []uint32 {
	var out []uint32
	textmodel.Words(text, func(h uint32) { out = append(out, h) })
	return out
}

func TestWords(t *testing.T) {
	t.Parallel()
	same := []struct{ a, b string }{
		{"Want me to", "want   ME to"},
		{"I'll push", "I’ll push"},
		{"v1.2.3", "v9.8.7"},
		{"Commit? Push!", "commit ? push !"},
		{"どちら？", "どちら?"},
		{"Größe", "größe"},
	}
	for _, c := range same {
		if a, b := words(c.a), words(c.b); !slices.Equal(a, b) {
			t.Errorf("Words(%q) = %v, Words(%q) = %v: want the same", c.a, a, c.b, b)
		}
	}
	counts := []struct {
		text string
		n    int
	}{
		{"", 0},
		{"  ,;  ", 0},
		{"don't stop", 2},
		{"'quoted'", 1},
		{"要我提交吗", 5},
		{"Proceed: yes?", 4},
	}
	for _, c := range counts {
		if got := len(words(c.text)); got != c.n {
			t.Errorf("Words(%q): %d words, want %d", c.text, got, c.n)
		}
	}
	if slices.Equal(words("commit"), words("commits")) {
		t.Error("commit and commits hash alike")
	}
}

func TestFeaturesNamespaces(t *testing.T) {
	t.Parallel()
	var a, b textmodel.Features
	a.Text("closing", "or")
	b.Text("body", "or")
	for _, i := range a.Indices() {
		for _, j := range b.Indices() {
			if i == j {
				t.Fatalf("feature %d in both namespaces", i)
			}
		}
	}
	a.Reset(8)
	a.Flag("ends?")
	a.Flag("ends?")
	if got := len(a.Indices()); got != 1 {
		t.Errorf("a flag added twice: %d features, want 1", got)
	}
	for _, i := range a.Indices() {
		if i >= 1<<8 {
			t.Errorf("feature %d outside 8 bits", i)
		}
	}
}

func examples(bits uint8) []textmodel.Example {
	var f textmodel.Features
	var out []textmodel.Example
	add := func(text string, label bool, w float64) {
		f.Reset(bits)
		f.Text("t", text)
		out = append(out, textmodel.Example{Features: append([]uint32(nil), f.Indices()...), Label: label, Weight: w})
	}
	for _, s := range []string{"want me to commit", "shall i push", "should i continue", "ok to merge"} {
		add(s, true, 1)
	}
	for _, s := range []string{"redis or memcached", "which one do you prefer", "what port", "pick a name"} {
		add(s, false, 2)
	}
	return out
}

func TestTrainDeterministic(t *testing.T) {
	t.Parallel()
	a, _ := textmodel.Train(examples(10), textmodel.TrainOptions{Bits: 10}).MarshalBinary()
	b, _ := textmodel.Train(examples(10), textmodel.TrainOptions{Bits: 10}).MarshalBinary()
	if !bytes.Equal(a, b) {
		t.Fatal("two trainings on the same examples differ")
	}
	c, _ := textmodel.Train(examples(10), textmodel.TrainOptions{Bits: 10, Rounds: 10}).MarshalBinary()
	if bytes.Equal(a, c) {
		t.Fatal("Rounds changed nothing")
	}
}

func TestTrainSeparates(t *testing.T) {
	t.Parallel()
	ex := examples(10)
	m := textmodel.Train(ex, textmodel.TrainOptions{Bits: 10})
	var f textmodel.Features
	for _, c := range []struct {
		text string
		want bool
	}{{"want me to push", true}, {"shall i commit", true}, {"which port do you prefer", false}, {"redis or a name", false}} {
		f.Reset(10)
		f.Text("t", c.text)
		if p := m.Prob(&f); (p > 0.5) != c.want {
			t.Errorf("Prob(%q) = %.2f, want %v", c.text, p, c.want)
		}
	}
	if empty := textmodel.Train(nil, textmodel.TrainOptions{}); empty.Len() != 0 {
		t.Errorf("a model of no examples has %d weights", empty.Len())
	}
}

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	m := textmodel.Train(examples(12), textmodel.TrainOptions{Bits: 12})
	data, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	back, err := textmodel.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	if back.Len() != m.Len() || back.Bits() != 12 {
		t.Fatalf("loaded %d weights of %d bits, want %d of 12", back.Len(), back.Bits(), m.Len())
	}
	var f textmodel.Features
	f.Reset(12)
	f.Text("t", "want me to push or pick a name")
	if a, b := m.Score(&f), back.Score(&f); a != b {
		t.Errorf("score %v after loading, %v before", b, a)
	}
	again, _ := back.MarshalBinary()
	if !bytes.Equal(again, data) {
		t.Error("a loaded model writes other bytes")
	}
	// Features of more bits fold into the model's buckets.
	f.Reset(20)
	f.Text("t", "want me to push or pick a name")
	if a, b := m.Score(&f), back.Score(&f); a != b {
		t.Errorf("folded score %v, %v", a, b)
	}
}

func TestLoadRejects(t *testing.T) {
	t.Parallel()
	good, _ := textmodel.Train(examples(8), textmodel.TrainOptions{Bits: 8}).MarshalBinary()
	bad := map[string][]byte{
		"empty":     nil,
		"magic":     append([]byte("TXM2"), good[4:]...),
		"bits 0":    append(append([]byte("TXM1"), 0), good[5:]...),
		"bits 40":   append(append([]byte("TXM1"), 40), good[5:]...),
		"truncated": good[:len(good)-2],
		"trailing":  append(append([]byte(nil), good...), 1),
	}
	for name, data := range bad {
		if _, err := textmodel.Load(data); !errors.Is(err, textmodel.ErrFormat) {
			t.Errorf("%s: err %v, want ErrFormat", name, err)
		}
	}
	lazy := textmodel.Lazy([]byte("nope"))
	if _, err := lazy(); err == nil {
		t.Error("Lazy of garbage: no error")
	}
}

func TestScoreAllocatesNothing(t *testing.T) {
	m := textmodel.Train(examples(16), textmodel.TrainOptions{Bits: 16})
	var f textmodel.Features
	text := "Want me to push the branch and open the PR, or keep it local for now? どちら？"
	f.Text("t", text) // grows the slice once
	allocs := testing.AllocsPerRun(100, func() {
		f.Reset(16)
		f.Text("t", text)
		f.Flag("ends?")
		_ = m.Prob(&f)
	})
	if allocs != 0 {
		t.Errorf("%.0f allocations per scoring, want 0", allocs)
	}
}

func FuzzLoad(f *testing.F) {
	good, _ := textmodel.Train(examples(8), textmodel.TrainOptions{Bits: 8}).MarshalBinary()
	f.Add(good)
	f.Add([]byte("TXM1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := textmodel.Load(data)
		if err != nil {
			return
		}
		var feat textmodel.Features
		feat.Reset(m.Bits())
		feat.Text("t", string(data))
		if p := m.Prob(&feat); p < 0 || p > 1 {
			t.Fatalf("Prob %v", p)
		}
		again, _ := m.MarshalBinary()
		back, err := textmodel.Load(again)
		if err != nil || back.Len() != m.Len() || back.Score(&feat) != m.Score(&feat) {
			t.Fatalf("a loaded model does not round-trip: %v", err)
		}
	})
}

func FuzzWords(f *testing.F) {
	for _, s := range []string{"Want me to commit?", "I’ll", "要我提交吗？", "\xff\xfe'a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := 0
		textmodel.Words(s, func(uint32) { n++ })
		if n > len(s) {
			t.Fatalf("%d words in %d bytes", n, len(s))
		}
	})
}

func TestTrainMinCount(t *testing.T) {
	t.Parallel()
	ex := examples(10)
	all := textmodel.Train(ex, textmodel.TrainOptions{Bits: 10})
	common := textmodel.Train(ex, textmodel.TrainOptions{Bits: 10, MinCount: 2})
	if common.Len() == 0 || common.Len() >= all.Len() {
		t.Fatalf("MinCount 2 kept %d weights of %d, want fewer but some", common.Len(), all.Len())
	}
	// "memcached" and the pairs it ends are in one example only: without
	// them the text scores as the bias, what no feature at all scores.
	var none, f textmodel.Features
	none.Reset(10)
	f.Reset(10)
	f.Text("t", "memcached")
	if got, bias := common.Score(&f), common.Score(&none); got != bias {
		t.Errorf("a word seen once scores %v with MinCount 2, want the bias %v", got, bias)
	}
	if got, bias := all.Score(&f), all.Score(&none); got == bias {
		t.Errorf("a word seen once scores the bias %v with every feature kept", got)
	}
}
