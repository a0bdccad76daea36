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
