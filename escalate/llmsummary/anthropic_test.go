package llmsummary

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAnthropicFromEnv(t *testing.T) {
	t.Setenv("ANTHROPIC_API_KEY", "")
	_, ok := AnthropicFromEnv()
	assert.False(t, ok)
	t.Setenv("ANTHROPIC_API_KEY", "k")
	s, ok := AnthropicFromEnv()
	assert.True(t, ok)
	assert.NotNil(t, s.Client)
}
