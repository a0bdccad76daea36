// Package jsonlimit checks the shape of untrusted JSON before it is
// decoded: how deeply objects and arrays nest, and how many there are.
// Decoders that recurse per level of nesting (gjson's validator, the
// transcript reader) or allocate per element (encoding/json into slices
// of json.RawMessage) then never see a document that would exhaust the
// stack or the heap.
//
// The scan is one pass over the bytes with no allocation; it does not
// validate the document (the decoder does), so on malformed input it may
// report nothing while the decoder rejects it.
package jsonlimit

import (
	"errors"
	"fmt"
)

// Defaults for hook inputs, state files and transcript lines. Real
// documents nest a few levels deep and hold at most a few thousand
// objects and arrays.
const (
	MaxDepth      = 512
	MaxContainers = 1 << 17
)

// ErrTooDeep and ErrTooMany classify the errors of [Check].
var (
	ErrTooDeep = errors.New("jsonlimit: nested too deeply")
	ErrTooMany = errors.New("jsonlimit: too many objects and arrays")
)

// Check reports an error wrapping [ErrTooDeep] when objects and arrays
// in data nest deeper than maxDepth, or wrapping [ErrTooMany] when data
// holds more than maxContainers of them. Brackets inside strings do not
// count. A limit of zero or less means its default.
func Check[T ~string | ~[]byte](data T, maxDepth, maxContainers int) error {
	if maxDepth <= 0 {
		maxDepth = MaxDepth
	}
	if maxContainers <= 0 {
		maxContainers = MaxContainers
	}
	depth, containers := 0, 0
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			depth++
			containers++
			if depth > maxDepth {
				return fmt.Errorf("%w: more than %d levels", ErrTooDeep, maxDepth)
			}
			if containers > maxContainers {
				return fmt.Errorf("%w: more than %d", ErrTooMany, maxContainers)
			}
		case '}', ']':
			depth--
		}
	}
	return nil
}
