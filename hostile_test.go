package stophook_test

import (
	"bytes"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/hostile"
)

// wideInput is a Stop payload whose background_tasks hold size bytes of
// empty objects.
func wideInput(size int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"hook_event_name":"Stop","session_id":"s","background_tasks":[`)
	for b.Len() < size {
		b.WriteString(`{},`)
	}
	b.WriteString(`{}]}`)
	return b.Bytes()
}

func TestParseInputHostile(t *testing.T) {
	t.Parallel()
	deep := []byte(`{"hook_event_name":"Stop","x":` + strings.Repeat("[", hostile.DeepLevels) + strings.Repeat("]", hostile.DeepLevels) + `}`)
	tests := []struct {
		name string
		data []byte
	}{
		{"6M nested arrays", deep},
		{"513 levels", []byte(`{"x":` + strings.Repeat("[", 512) + strings.Repeat("]", 512) + `}`)},
		{"3 MB of empty objects", wideInput(3 << 20)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := stophook.ParseInput(tt.data); !errors.Is(err, stophook.ErrInvalidInputForTest) {
				t.Errorf("ParseInput = %v, want ErrInvalidInput", err)
			}
		})
	}
}

// TestParseInputWideMemory shows what a 3 MB payload of empty objects
// costs once refused by the pre-scan: about nothing beyond the payload.
func TestParseInputWideMemory(t *testing.T) {
	data := wideInput(3 << 20)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	stophook.ParseInput(data)
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("ParseInput of a %d MB wide payload allocated %d KB", len(data)>>20, alloc>>10)
	if alloc > uint64(len(data)) {
		t.Errorf("ParseInput allocated %d bytes for a %d-byte payload, want at most its size", alloc, len(data))
	}
}
