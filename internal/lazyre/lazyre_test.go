package lazyre

import (
	"sync"
	"testing"
)

func TestLazy(t *testing.T) {
	r := New(`b+`)
	if r.re != nil {
		t.Fatal("compiled before first use")
	}
	if r.String() != `b+` || r.re != nil {
		t.Fatal("String compiled it")
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if !r.MatchString("abbc") || r.FindString("abbc") != "bb" {
				t.Error("no match")
			}
		})
	}
	wg.Wait()
	if got := r.FindStringIndex("abbc"); len(got) != 2 || got[0] != 1 {
		t.Errorf("FindStringIndex = %v", got)
	}
	if got := string(r.ReplaceAll([]byte("abbc"), []byte("x"))); got != "axc" {
		t.Errorf("ReplaceAll = %q", got)
	}
	if got := r.Split("abc", -1); len(got) != 2 {
		t.Errorf("Split = %v", got)
	}
	if m := New(`(a)(b)`).FindStringSubmatch("ab"); len(m) != 3 || !New("a").Match([]byte("a")) {
		t.Errorf("submatch %v", m)
	}
	if m := New(`x(a)(b)`).FindStringSubmatchIndex("zxab"); len(m) != 6 || m[2] != 2 || m[5] != 4 {
		t.Errorf("submatch index %v", m)
	}
	if m := New(`x(a)`).FindStringSubmatchIndex("zzz"); m != nil {
		t.Errorf("submatch index of no match %v", m)
	}
}

func TestBadExprPanicsOnUse(t *testing.T) {
	r := New(`(`)
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	r.MatchString("x")
}
