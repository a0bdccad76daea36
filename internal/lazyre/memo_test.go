package lazyre

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// A memo answers derive(s) for every text: the same text again, a text
// of the same bytes elsewhere, texts that share a slot and take it from
// each other, and texts asked about from many goroutines at once (run
// with -race).
func TestMemoAnswersDerive(t *testing.T) {
	var m memo[string]
	calls := 0
	upper := func(s string) string { calls++; return strings.ToUpper(s) }
	s := "tests pass"
	for range 3 {
		if got := m.get(s, upper); got != "TESTS PASS" {
			t.Fatalf("get(%q) = %q", s, got)
		}
	}
	if calls != 1 {
		t.Errorf("derived %d times for one text asked about three times, want once", calls)
	}
	// Texts that share a slot: each answer is still its own.
	var same []string
	for i := 0; len(same) < 3; i++ {
		if u := fmt.Sprintf("text %d", i); slotOf(u) == slotOf(s) {
			same = append(same, u)
		}
	}
	for range 2 {
		for _, u := range append(same, s, strings.Clone(s)) {
			if got, want := m.get(u, upper), strings.ToUpper(u); got != want {
				t.Fatalf("get(%q) = %q, want %q", u, got, want)
			}
		}
	}
}

func TestMemoConcurrent(t *testing.T) {
	var m memo[bigramSet]
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 2000 {
				s := fmt.Sprintf("goroutine %d asks about text %d", g, i%7)
				for range 3 {
					if got, want := m.get(s, bigrams), bigrams(s); got != want {
						t.Errorf("get(%q) = %v, want %v", s, got, want)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}
