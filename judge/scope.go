package judge

import (
	"strings"

	"github.com/stophook/stophook/internal/lazyre"
)

// A check's scope: what a run checked, read from its command, and what
// failed, read from its output, so that only a later run of the same
// check on as much settles a failure ("a narrower rerun that passes does
// not settle a wider failing check").

// scopeFlags take a value that narrows a check to some tests ("go test
// -run TestX", "pytest -k parse", "cargo test -p core", "vitest -t
// name"); valueFlags take a value that does not ("-o bin/app", "docker
// build -t app").
var (
	scopeFlags = map[string]bool{"-run": true, "-k": true, "--filter": true, "-p": true, "--package": true,
		"--grep": true, "-g": true, "--testnamepattern": true, "-t": true, "--test": true}
	valueFlags = map[string]bool{"-o": true, "--output": true, "-f": true, "--file": true, "-c": true, "--config": true,
		"-C": true, "--manifest-path": true, "--project": true, "--workspace": true, "-w": true, "--tag": true,
		"--target": true, "--reporter": true, "-r": true, "--env": true, "-e": true, "--repo": true, "-R": true}
)

// scopeOf returns the scope of the command segment of cmd that runs
// check key: the paths, files and test names it names, and the values of
// the flags that narrow it ("run:TestX"). Whole-project targets ("./...",
// ".") and flag values that do not narrow are left out; none means the
// whole project. Only the first 2000 bytes of cmd are read.
func scopeOf(cmd, key string) []string {
	seg := segmentOf(head(cmd, 2000), key)
	f := strings.Fields(seg)
	var out []string
	for i := 1; i < len(f); i++ {
		t := strings.Trim(f[i], `"'`)
		switch {
		case strings.HasPrefix(t, "-"):
			name, val, eq := strings.Cut(t, "=")
			lname := strings.ToLower(name)
			if scopeFlags[lname] && !(key == "build:docker" && name == "-t") {
				if !eq && i+1 < len(f) {
					i++
					val = strings.Trim(f[i], `"'`)
				}
				if val != "" {
					out = append(out, "run:"+val)
				}
			} else if valueFlags[name] && !eq {
				i++
			}
		case t == "." || t == "./..." || t == "..." || t == "./":
		case strings.Contains(t, "=") && !strings.Contains(t, "/"):
			// an environment assignment
		case strings.Contains(t, "/") || strings.Contains(t, "::") || fileExt.MatchString(t):
			if !strings.HasPrefix(t, "/dev/") && !strings.Contains(t, ">") && !program(t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// program reports a token that names a program, not a target:
// "/usr/local/go/bin/go", "vendor/bin/phpunit", "./gradlew".
func program(t string) bool {
	return strings.Contains(t, "bin/") || strings.HasSuffix(t, "gradlew") || strings.HasSuffix(t, "mvnw")
}

// fileExt marks a source or test file named in a command.
var fileExt = lazyre.New(`\.(?:py|go|ts|tsx|js|jsx|mjs|cjs|rb|rs|java|kt|cs|php|swift|ex|exs|c|cc|cpp|h)$`)

// segmentOf returns the part of a chained command ("cd x && npm test |
// tail") that runs check key, its program first; the first segment that
// is a check of that key, else the whole command.
func segmentOf(cmd, key string) string {
	if !strings.ContainsAny(cmd, "&|;\n") {
		return cmd
	}
	segs := strings.FieldsFunc(cmd, func(r rune) bool { return r == '&' || r == '|' || r == ';' || r == '\n' })
	for _, s := range segs {
		for _, k := range checksOf(s) {
			if k == key {
				return strings.TrimSpace(s)
			}
		}
	}
	return cmd
}

// unitPatterns find what failed in a check's output: go packages (FAIL
// pkg) and tests (--- FAIL: TestX), pytest and jest/vitest files, cargo
// tests, rspec files.
var unitPatterns = lazyre.New(`(?m)^FAIL\s+(\S+)\s+[\d.]+s\s*$|^--- FAIL: (\S+)|^FAILED (\S+?)(?:::|\s|$)|^\s*FAIL\s+(\S+\.\w+)|^test (\S+) \.\.\. FAILED|^rspec (\./\S+?):\d+`)

// unitsOf returns the failed units the output of a failed run names:
// packages, files, tests ("example.com/app/config", "tests/test_parser.py",
// "run:TestParse").
func unitsOf(out string) []string {
	if !mayFail(out) {
		return nil
	}
	var units []string
	for _, m := range unitPatterns.FindAllStringSubmatch(out, 32) {
		for i, g := range m[1:] {
			switch {
			case g == "":
			case i == 1:
				units = append(units, "run:"+g) // a go test, named without its package
			default:
				units = append(units, g)
			}
		}
	}
	return units
}

// covers reports whether run l, a later run of the same check as the
// failed run f, covers it: it ran on the whole project, or on everything
// f ran on, or on every unit that failed in f.
func covers(l, f Run) bool {
	if len(l.scope) == 0 {
		return true
	}
	lp, lf := splitFilters(l.scope)
	fp, ff := splitFilters(f.scope)
	up, uf := splitFilters(unitsOf(f.outWindow())) // what failed, as the output names it
	// What it ran on: the paths, and the filters on test names; each must
	// take in what f ran on, or at least all that failed in f.
	coveredBy := func(scope, ran, failed []string) bool {
		in := func(t string) bool { return anyCovers(scope, t) }
		return len(scope) == 0 || (len(ran) > 0 && all(ran, in)) || (len(failed) > 0 && all(failed, in))
	}
	return coveredBy(lp, fp, up) && coveredBy(lf, ff, uf)
}

// splitFilters splits a scope into paths and filters on test names
// ("run:…").
func splitFilters(scope []string) (paths, filters []string) {
	for _, s := range scope {
		if strings.HasPrefix(s, "run:") {
			filters = append(filters, s)
		} else {
			paths = append(paths, s)
		}
	}
	return paths, filters
}

func all(xs []string, ok func(string) bool) bool {
	for _, x := range xs {
		if !ok(x) {
			return false
		}
	}
	return true
}

// anyCovers reports whether one of scope covers target t: the same path,
// a directory or module above it, a filter its test name matches.
func anyCovers(scope []string, t string) bool {
	for _, s := range scope {
		if coversOne(s, t) {
			return true
		}
	}
	return false
}

func coversOne(s, t string) bool {
	if v, ok := strings.CutPrefix(s, "run:"); ok {
		t = strings.TrimPrefix(t, "run:")
		return t == v || strings.Contains(t, v)
	}
	if strings.HasPrefix(t, "run:") {
		return false
	}
	s, t = normPath(s), normPath(t)
	switch {
	case s == "" || s == t:
		return true
	case strings.HasPrefix(t, s+"/") || strings.HasPrefix(t, s+"::"):
		return true
	case strings.HasSuffix(t, "/"+s) || strings.Contains(t, "/"+s+"/"):
		return true // a package's import path ends with the directory tested
	}
	return false
}

// normPath drops "./", a trailing "/..." or "/" and a test selector.
func normPath(p string) string {
	p = strings.TrimPrefix(p, "./")
	p = strings.TrimSuffix(p, "/...")
	p = strings.TrimSuffix(p, "/")
	if p == "." || p == "..." {
		return ""
	}
	return p
}
