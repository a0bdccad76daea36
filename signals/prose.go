package signals

import (
	"iter"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// maxInput is the number of bytes of a message that [Prose], [Lines] and
// [Find] examine: 256 KiB, far more than a final message needs. A longer
// message is cut to its last maxInput bytes, and the partial line at the cut
// is dropped: a completion signal belongs at the end of a message. A code
// fence opened before the cut and closed after it is not seen as a fence.
//
// The limit bounds the time goldmark takes on hostile input, which grows
// faster than the input on some shapes (thousands of "<a" lines in one
// paragraph); see BenchmarkProseHostile.
const maxInput = 256 << 10

// mdParser is the CommonMark parser used to find code: goldmark's default
// block parsers and, of its inline parsers, only those that decide what is a
// code span: code spans themselves and the autolinks and raw HTML that bind
// as tightly (a backtick inside <a title="`"> opens no span). Links,
// emphasis and the link reference definition transformer are left out: they
// cannot turn text into code, and goldmark's link parsing is quadratic in the
// lines of a paragraph (150 000 "[a]: b" lines took minutes). The one
// difference this makes is that a backtick inside a link destination or title
// may open a code span. A goldmark parser is safe for concurrent use.
var mdParser = parser.NewParser(
	parser.WithBlockParsers(parser.DefaultBlockParsers()...),
	parser.WithInlineParsers(
		util.Prioritized(parser.NewCodeSpanParser(), 100),
		util.Prioritized(parser.NewAutoLinkParser(), 300),
		util.Prioritized(parser.NewRawHTMLParser(), 400),
	),
)

// parse is the seam through which Prose calls goldmark; tests replace it.
var parse = func(src []byte) ast.Node {
	return mdParser.Parse(text.NewReader(src), parser.WithContext(parser.NewContext()))
}

// Prose returns text with every code region (fenced ``` and ~~~ blocks,
// indented code blocks, inline code spans) blanked out, found with goldmark.
//
// Blanking replaces each byte of code with a space and keeps line endings, so
// the result has the same lines as text and code can never join two lines.
// Fence lines and backticks stay; only what is between them is blanked.
// Invalid UTF-8 is left as it is. Text longer than 256 KiB is cut first,
// and containers nested deeper than 32 levels on a line are parsed as text.
//
// Should goldmark ever panic, Prose returns the (cut) text unblanked: a
// signal is then found rather than an internal error keeping a loop alive.
func Prose(text string) string {
	text = tail(text)
	blanked, ok := blankCode([]byte(text))
	if !ok {
		return text
	}
	return string(blanked)
}

// Lines returns the trimmed, non-empty lines of Prose(text). Like goldmark,
// it ends lines at "\n", "\r\n" and a lone "\r".
func Lines(text string) []string {
	var lines []string
	for line := range trimmedLines(Prose(text)) {
		lines = append(lines, line)
	}
	return lines
}

// trimmedLines yields the non-empty lines of text, trimmed of white space.
func trimmedLines(text string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for len(text) > 0 {
			i := strings.IndexAny(text, "\r\n")
			if i < 0 {
				i = len(text)
			}
			line := strings.TrimSpace(text[:i])
			if line != "" && !yield(line) {
				return
			}
			text = text[min(i+1, len(text)):]
		}
	}
}

// tail cuts text to its last maxInput bytes, starting after the first
// newline in that window so that no partial line remains.
func tail(text string) string {
	if len(text) <= maxInput {
		return text
	}
	window := text[len(text)-maxInput:]
	i := strings.IndexAny(window, "\r\n")
	if i < 0 {
		return ""
	}
	return window[i+1:]
}

// blankCode blanks the code regions goldmark finds in src, in place. It
// reports false if goldmark panicked.
func blankCode(src []byte) (out []byte, ok bool) {
	defer func() {
		if recover() != nil {
			out, ok = nil, false
		}
	}()
	doc := parse(capNesting(src))
	// Walk is iterative over siblings and recursive over depth; the callback
	// never fails, so its error is always nil.
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			lines := n.Lines()
			for i := range lines.Len() {
				seg := lines.At(i)
				blank(src, seg.Start, seg.Stop)
			}
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, isText := c.(*ast.Text); isText {
					blank(src, t.Segment.Start, t.Segment.Stop)
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return src, true
}

// blank replaces src[start:stop] with spaces, keeping line endings. Offsets
// out of range are clamped, so a bad segment cannot panic.
func blank(src []byte, start, stop int) {
	start = max(start, 0)
	stop = min(stop, len(src))
	for i := start; i < stop; i++ {
		if src[i] != '\n' && src[i] != '\r' {
			src[i] = ' '
		}
	}
}
