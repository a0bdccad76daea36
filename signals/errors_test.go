package signals_test

import (
	"regexp"
	"testing"

	"github.com/stophook/stophook/signals"
)

func TestIsError(t *testing.T) {
	t.Parallel()
	tests := []struct {
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
	}
	for _, tt := range tests {
		t.Run(tt.msg, func(t *testing.T) {
			t.Parallel()
			if got := signals.IsError(tt.msg); got != tt.want {
				t.Fatalf("IsError(%q) = %v, want %v", tt.msg, got, tt.want)
			}
		})
	}
}

func TestErrorMatcherOverrides(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		m    signals.ErrorMatcher
		msg  string
		want bool
	}{
		{"custom error", signals.ErrorMatcher{Error: regexp.MustCompile(`panic:`)}, "panic: nil map", true},
		{"custom error ignores default", signals.ErrorMatcher{Error: regexp.MustCompile(`panic:`)}, "build failed", false},
		{"custom error keeps default success", signals.ErrorMatcher{Error: regexp.MustCompile(`panic:`)}, "panic: fixed", false},
		{"custom success", signals.ErrorMatcher{Success: regexp.MustCompile(`(?i)all green`)}, "error count: 0, all green", false},
		{"custom success ignores default", signals.ErrorMatcher{Success: regexp.MustCompile(`all green`)}, "error successfully resolved", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := tt.m.Match(tt.msg); got != tt.want {
				t.Fatalf("Match(%q) = %v, want %v", tt.msg, got, tt.want)
			}
		})
	}
}
