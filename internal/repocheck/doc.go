// Package repocheck holds tests of the repository itself rather than of
// code: the README stays short, its links and the docs' links resolve,
// its code is the code of an Example that runs, its test command is the
// one CI runs, and neither the docs nor the godoc use words that only make
// sense to the people who wrote them.
package repocheck
