package plain

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestUTF16(t *testing.T) {
	t.Parallel()
	assert.Equal(t, 3, UTF16Len("a😀"))
	assert.Equal(t, "a…", TruncateUTF16("a😀b", 3))
	assert.Equal(t, "a😀b", TruncateUTF16("a😀b", 4))
}
