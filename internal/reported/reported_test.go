package reported_test

import (
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/stophook/stophook/internal/reported"
)

func TestMark(t *testing.T) {
	if reported.Mark(nil) != nil {
		t.Error("Mark(nil) is not nil")
	}
	if reported.Is(io.EOF) || reported.Is(nil) {
		t.Error("an unmarked error is reported")
	}
	err := fmt.Errorf("policy: %w", reported.Mark(io.EOF))
	if !reported.Is(err) || !errors.Is(err, io.EOF) || err.Error() != "policy: EOF" {
		t.Errorf("a wrapped mark: Is %v, errors.Is %v, %q", reported.Is(err), errors.Is(err, io.EOF), err)
	}
}
