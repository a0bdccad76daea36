// Package lazyre holds regular expressions compiled on first use, so that
// a hook binary does not compile every pattern of a package at start-up
// (a cost paid on every turn) when its decision needs few or none of them.
//
// Each also carries a prefilter, derived from the pattern: the literals
// every match contains. A string without them is answered "no match" by a
// substring search, without running the matcher — for the long
// alternations of phrases that the judge matches against each sentence,
// that is most calls, at a fraction of the cost.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled the first time it is used. Its
// methods are those of [regexp.Regexp] and are safe for concurrent use.
type Regexp struct {
	expr string
	once sync.Once
	re   *regexp.Regexp
	pre  prefilter // what a matching string contains
}

// New returns expr as a Regexp; a bad expr panics on first use, as
// [regexp.MustCompile] would at start-up.
func New(expr string) *Regexp { return &Regexp{expr: expr} }

func (r *Regexp) compiled() *regexp.Regexp {
	r.once.Do(func() {
		r.re = regexp.MustCompile(r.expr)
		r.pre = newPrefilter(r.expr)
	})
	return r.re
}

// may reports whether s may match: false when it lacks a literal every
// match contains (see prefilter), and then no matcher runs.
func (r *Regexp) may(s string) bool {
	r.compiled()
	return r.pre.pass(s)
}

// String returns the source text, without compiling it.
func (r *Regexp) String() string { return r.expr }

// MatchString is [regexp.Regexp.MatchString].
func (r *Regexp) MatchString(s string) bool { return r.may(s) && r.re.MatchString(s) }

// Match is [regexp.Regexp.Match].
func (r *Regexp) Match(b []byte) bool { return r.compiled().Match(b) }

// FindString is [regexp.Regexp.FindString].
func (r *Regexp) FindString(s string) string {
	if !r.may(s) {
		return ""
	}
	return r.re.FindString(s)
}

// FindStringIndex is [regexp.Regexp.FindStringIndex].
func (r *Regexp) FindStringIndex(s string) []int {
	if !r.may(s) {
		return nil
	}
	return r.re.FindStringIndex(s)
}

// FindStringSubmatch is [regexp.Regexp.FindStringSubmatch].
func (r *Regexp) FindStringSubmatch(s string) []string {
	if !r.may(s) {
		return nil
	}
	return r.re.FindStringSubmatch(s)
}

// ReplaceAllString is [regexp.Regexp.ReplaceAllString].
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.compiled().ReplaceAllString(src, repl)
}

// ReplaceAll is [regexp.Regexp.ReplaceAll].
func (r *Regexp) ReplaceAll(src, repl []byte) []byte { return r.compiled().ReplaceAll(src, repl) }

// Split is [regexp.Regexp.Split].
func (r *Regexp) Split(s string, n int) []string { return r.compiled().Split(s, n) }
