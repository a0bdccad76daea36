package judge_test

import (
	"fmt"
	"testing"

	"github.com/stophook/stophook/judge"
)

func TestKeywords(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		msg  string
		want bool
	}{
		{"The build failed with 3 errors.", true},
		{"I cannot find the file.", true},
		{"Unable to connect to the database", true},
		{"NullPointerException at line 3", true},
		{"Traceback (most recent call last):", true},
		{"ERROR: permission denied", true},
		{"Error was successfully resolved", false},
		{"The failing test is now fixed.", false},
		{"Build failed, then completed on retry", false},
		{"Issue resolved after the error", false},
		{"All tests pass.", false},
		{"", false},
	} {
		if got := (judge.Keywords{}).Match(tt.msg); got != tt.want {
			t.Errorf("Keywords.Match(%q) = %v, want %v", tt.msg, got, tt.want)
		}
	}
}

func ExampleKeywords() {
	fmt.Println(judge.Keywords{}.Match("The build failed: cannot find package foo."))
	fmt.Println(judge.Keywords{}.Match("Error was successfully resolved"))
	// Output:
	// true
	// false
}
