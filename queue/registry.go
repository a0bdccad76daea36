package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/stophook/stophook/internal/safefile"
)

// Registry tells which sessions an agent watches, and that agent's config.
//
// Lookup returns the agent config of session (opaque JSON, passed on in
// [Payload].Agent) and whether the session is registered. It may be called
// concurrently; ctx bounds it. A nil Registry in a [Processor] registers
// every session, with no agent config.
type Registry interface {
	Lookup(ctx context.Context, session string) (agent json.RawMessage, ok bool, err error)
}

// maxRegistrySize bounds a registry file.
const maxRegistrySize = 4 << 20

// FileRegistry is a [Registry] read from a JSON file at every lookup, so
// edits take effect at the next hook. The file maps session names to agent
// configs: {"warden-main-4": {"agent": "warden", …}, …}. A missing file
// registers no session.
type FileRegistry struct {
	Path string
}

var _ Registry = FileRegistry{}

// Lookup implements [Registry].
func (r FileRegistry) Lookup(ctx context.Context, session string) (json.RawMessage, bool, error) {
	data, err := safefile.ReadFileFollow(r.Path, maxRegistrySize)
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("queue: registry: %w", err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, false, fmt.Errorf("queue: registry %s: %w", r.Path, err)
	}
	agent, ok := m[session]
	return agent, ok, nil
}
