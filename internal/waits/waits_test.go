package waits_test

import (
	"testing"

	"github.com/stophook/stophook/internal/waits"
)

type input struct{ slow bool }

type sayer struct{}

func (sayer) Waits(in input) bool { return in.slow }

type panics struct{}

func (panics) Waits(input) bool { panic("boom") }

type otherInput struct{}

type otherSayer struct{}

func (otherSayer) Waits(otherInput) bool { return false }

func TestMay(t *testing.T) {
	for _, c := range []struct {
		name string
		x    any
		in   input
		want bool
	}{
		{"says it does not wait", sayer{}, input{}, false},
		{"says it waits", sayer{}, input{slow: true}, true},
		{"says nothing", struct{}{}, input{}, true},
		{"nil", nil, input{}, true},
		{"answers for another input type", otherSayer{}, input{}, true},
		{"panics", panics{}, input{}, true},
	} {
		if got := waits.May(c.x, &c.in); got != c.want {
			t.Errorf("%s: May = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestOfAsk: the method Of finds answers through Ask as May would; what
// has none (nil from Of) may wait, and so does a Waits that panics.
func TestOfAsk(t *testing.T) {
	if w := waits.Of[input](struct{}{}); w != nil || !waits.Ask(w, &input{}) {
		t.Errorf("Of(struct{}{}) = %v; Ask must say it may wait", w)
	}
	if waits.Of[input](otherSayer{}) != nil {
		t.Error("Of found a Waits for another input type")
	}
	w := waits.Of[input](sayer{})
	if w == nil || waits.Ask(w, &input{}) || !waits.Ask(w, &input{slow: true}) {
		t.Errorf("Of(sayer{}) = %v: want its answers", w)
	}
	if !waits.Ask(waits.Of[input](panics{}), &input{}) {
		t.Error("a Waits that panics: Ask = false, want true")
	}
}

// byPointer is a wrapper of this module's kind: WaitsFor answers as Waits,
// without a copy of the input; seen counts the calls of each.
type byPointer struct{ seen *[2]int }

func (b byPointer) Waits(in input) bool { b.seen[0]++; return in.slow }

func (b byPointer) WaitsFor(in *input) bool { b.seen[1]++; return in.slow }

type panicsByPointer struct{ panics }

func (panicsByPointer) WaitsFor(*input) bool { panic("boom") }

// TestAskFor: AskFor asks WaitsFor when PtrOf found one, Waits when not,
// and a panic in either means the input may wait.
func TestAskFor(t *testing.T) {
	var seen [2]int
	b := byPointer{&seen}
	p, w := waits.PtrOf[input](b), waits.Of[input](b)
	if p == nil || waits.AskFor(p, w, &input{}) || !waits.AskFor(p, w, &input{slow: true}) {
		t.Error("byPointer: AskFor answered other than WaitsFor")
	}
	if seen != [2]int{0, 2} {
		t.Errorf("calls of Waits and WaitsFor: %v, want [0 2]", seen)
	}
	if waits.PtrOf[input](sayer{}) != nil || waits.AskFor(nil, waits.Of[input](sayer{}), &input{}) {
		t.Error("sayer: AskFor without a WaitsFor must ask Waits")
	}
	if !waits.AskFor[input](nil, nil, &input{}) {
		t.Error("nothing to ask: AskFor = false, want true")
	}
	x := panicsByPointer{}
	if !waits.AskFor(waits.PtrOf[input](x), waits.Of[input](x), &input{}) {
		t.Error("a WaitsFor that panics: AskFor = false, want true")
	}
}

// TestMayByPointer: May asks a WaitsFor when x has one, without the copy
// into Waits, and a panic in it means the input may wait.
func TestMayByPointer(t *testing.T) {
	var seen [2]int
	b := byPointer{&seen}
	if waits.May(b, &input{}) || !waits.May(b, &input{slow: true}) {
		t.Error("byPointer: May answered other than WaitsFor")
	}
	if seen != [2]int{0, 2} {
		t.Errorf("calls of Waits and WaitsFor: %v, want [0 2]", seen)
	}
	if !waits.May(panicsByPointer{}, &input{}) {
		t.Error("a WaitsFor that panics: May = false, want true")
	}
}
