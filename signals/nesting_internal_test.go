package signals

import (
	"strings"
	"testing"
)

func TestTooDeep(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat(">", maxNesting)
	tests := []struct {
		name string
		line string
		want int
	}{
		{"empty", "", -1},
		{"text", "hello > world", -1},
		{"at limit", deep + " x", -1},
		{"one too deep", deep + ">x", maxNesting},
		{"spaced quotes", strings.Repeat("> ", maxNesting+1), 2 * maxNesting},
		{"bullets", strings.Repeat("- ", maxNesting+1), 2 * maxNesting},
		{"mixed", strings.Repeat("* > ", maxNesting/2) + "+ x", 4 * maxNesting / 2},
		{"ordered", strings.Repeat("1. ", maxNesting) + "12) x", 3*maxNesting + 2},
		{"ten digits is no marker", strings.Repeat("1. ", maxNesting) + "1234567890. x", -1},
		{"marker needs space", deep + "-x", -1},
		{"tabs", strings.Repeat("\t>", maxNesting+1), 2*maxNesting + 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := tooDeep([]byte(tt.line)); got != tt.want {
				t.Fatalf("tooDeep(%q) = %d, want %d", tt.line, got, tt.want)
			}
		})
	}
}

func TestCapNesting(t *testing.T) {
	t.Parallel()
	shallow := []byte("> a\r\n> > b\n")
	if got := capNesting(shallow); &got[0] != &shallow[0] {
		t.Fatalf("capNesting copied a shallow input")
	}
	deep := strings.Repeat(">", maxNesting)
	in := "a\n" + deep + ">>\r" + deep + "\n"
	want := "a\n" + deep + "x>\r" + deep + "\n"
	if got := string(capNesting([]byte(in))); got != want {
		t.Fatalf("capNesting(%q) = %q, want %q", in, got, want)
	}
	if in == want {
		t.Fatalf("capNesting modified its input")
	}
}
