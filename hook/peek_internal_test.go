package hook

import (
	"testing"

	"github.com/tidwall/gjson"
)

// peekCases are payloads peekField must read as gjson does.
var peekCases = []string{
	`{"stop_hook_active":false,"loop_count":3}`,
	`{"session_id":"s","stop_hook_active":true}`,
	`{"stop_hook_active":null}`,
	`{"stop_hook_active":""}`,
	`{"stop_hook_active":{}}`,
	`{"loop_count":"7"}`,
	`{"loop_count":3.0}`,
	`{"loop_count":-2}`,
	`{"loop_count":1e400}`,
	`{"loop\u005fcount":4,"loop_count":5}`,
	`{"loop_count":5,"loop\u005fcount":4}`,
	`{"x":"a\"b","loop_count":[1,{"loop_count":2}]}`,
	`{"loop_count":1,"loop_count":2}`,
	`{"a":{"loop_count":9}}`,
	`{}`,
	`{"loop_count":tru}`,
	`not json`,
	` {"loop_count":6} `,
}

func TestPeekField(t *testing.T) {
	for _, raw := range peekCases {
		for _, key := range []string{"stop_hook_active", "loop_count"} {
			want := gjson.Get(raw, key).String()
			if got := peekField([]byte(raw), key); got != want {
				t.Errorf("peekField(%s, %s) = %q, gjson says %q", raw, key, got, want)
			}
		}
	}
	if got := peekField(nil, "loop_count"); got != "" {
		t.Errorf("peekField(nil) = %q", got)
	}
}

func FuzzPeekField(f *testing.F) {
	for _, raw := range peekCases {
		f.Add([]byte(raw))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		for _, key := range []string{"stop_hook_active", "loop_count"} {
			want := gjson.GetBytes(raw, key).String()
			if got := peekField(raw, key); got != want {
				t.Fatalf("peekField(%q, %s) = %q, gjson says %q", raw, key, got, want)
			}
		}
	})
}
