package hookconf

import (
	"fmt"
	"strings"
)

// Diff returns a unified diff (3 lines of context) from a to b, labelled
// with name; "" when they are equal.
func Diff(name string, a, b []byte) string {
	if string(a) == string(b) {
		return ""
	}
	x, y := lines(string(a)), lines(string(b))
	ops := diffOps(x, y)
	var sb strings.Builder
	fromName := "a/" + strings.TrimPrefix(name, "/")
	if len(a) == 0 {
		fromName = "/dev/null"
	}
	fmt.Fprintf(&sb, "--- %s\n+++ b/%s\n", fromName, strings.TrimPrefix(name, "/"))
	const ctx = 3
	// Group ops into hunks around changes.
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-ctx, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*ctx {
				end = min(end+ctx, len(ops))
				break
			}
			end = run
		}
		ai, bi := ops[start].ai, ops[start].bi
		var na, nb int
		for _, op := range ops[start:end] {
			if op.kind != '+' {
				na++
			}
			if op.kind != '-' {
				nb++
			}
		}
		fmt.Fprintf(&sb, "@@ -%s +%s @@\n", hunkRange(ai, na), hunkRange(bi, nb))
		for _, op := range ops[start:end] {
			sb.WriteByte(op.kind)
			sb.WriteString(op.text)
			if !strings.HasSuffix(op.text, "\n") {
				sb.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = end
	}
	return sb.String()
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

type diffOp struct {
	kind   byte // ' ', '-', '+'
	text   string
	ai, bi int // line index in a and b where this op sits
}

func lines(s string) []string {
	out := strings.SplitAfter(s, "\n")
	if out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// diffOps computes a shortest edit script by longest common subsequence.
// Settings files are small; past 4M cells it replaces everything.
func diffOps(x, y []string) []diffOp {
	n, m := len(x), len(y)
	if n*m > 4<<20 {
		var ops []diffOp
		for i, l := range x {
			ops = append(ops, diffOp{'-', l, i, 0})
		}
		for j, l := range y {
			ops = append(ops, diffOp{'+', l, n, j})
		}
		return ops
	}
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var ops []diffOp
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && x[i] == y[j]:
			ops = append(ops, diffOp{' ', x[i], i, j})
			i++
			j++
		case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, diffOp{'-', x[i], i, j})
			i++
		default:
			ops = append(ops, diffOp{'+', y[j], i, j})
			j++
		}
	}
	return ops
}
