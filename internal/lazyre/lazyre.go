// Package lazyre holds regular expressions compiled on first use, so that
// a hook binary does not compile every pattern of a package at start-up
// (a cost paid on every turn) when its decision needs few or none of them.
//
// A pattern with an entry in the prefilter table (literals of which every
// match contains one, derived at development time) is not even compiled
// for a text that contains none of them: on a plain finished turn most
// patterns of the turn judge are never compiled. The string methods use
// the table; Match, ReplaceAll and Split always compile.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled the first time it is used. Its
// methods are those of [regexp.Regexp] and are safe for concurrent use.
type Regexp struct {
	expr    string
	once    sync.Once
	re      *regexp.Regexp
	preOnce sync.Once
	pre     *prefilter
}

// New returns expr as a Regexp; a bad expr panics on first use, as
// [regexp.MustCompile] would at start-up.
func New(expr string) *Regexp { return &Regexp{expr: expr} }

func (r *Regexp) compiled() *regexp.Regexp {
	r.once.Do(func() { r.re = regexp.MustCompile(r.expr) })
	return r.re
}

// String returns the source text, without compiling it.
func (r *Regexp) String() string { return r.expr }

// MatchString is [regexp.Regexp.MatchString].
func (r *Regexp) MatchString(s string) bool {
	return r.filterOf().mayMatch(s) && r.compiled().MatchString(s)
}

// Match is [regexp.Regexp.Match].
func (r *Regexp) Match(b []byte) bool { return r.compiled().Match(b) }

// FindString is [regexp.Regexp.FindString].
func (r *Regexp) FindString(s string) string {
	if !r.filterOf().mayMatch(s) {
		return ""
	}
	return r.compiled().FindString(s)
}

// FindStringIndex is [regexp.Regexp.FindStringIndex].
func (r *Regexp) FindStringIndex(s string) []int {
	if !r.filterOf().mayMatch(s) {
		return nil
	}
	return r.compiled().FindStringIndex(s)
}

// FindStringSubmatch is [regexp.Regexp.FindStringSubmatch].
func (r *Regexp) FindStringSubmatch(s string) []string {
	if !r.filterOf().mayMatch(s) {
		return nil
	}
	return r.compiled().FindStringSubmatch(s)
}

// FindStringSubmatchIndex is [regexp.Regexp.FindStringSubmatchIndex].
func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	if !r.filterOf().mayMatch(s) {
		return nil
	}
	return r.compiled().FindStringSubmatchIndex(s)
}

// FindAllStringSubmatch is [regexp.Regexp.FindAllStringSubmatch].
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	if !r.filterOf().mayMatch(s) {
		return nil
	}
	return r.compiled().FindAllStringSubmatch(s, n)
}

// ReplaceAllString is [regexp.Regexp.ReplaceAllString].
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.compiled().ReplaceAllString(src, repl)
}

// ReplaceAll is [regexp.Regexp.ReplaceAll].
func (r *Regexp) ReplaceAll(src, repl []byte) []byte { return r.compiled().ReplaceAll(src, repl) }

// Split is [regexp.Regexp.Split].
func (r *Regexp) Split(s string, n int) []string { return r.compiled().Split(s, n) }
