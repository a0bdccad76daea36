package hook

import (
	"testing"

	"github.com/tidwall/gjson"

	"github.com/stophook/stophook"
)

// peekCases are payloads peekFields must read as gjson does.
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
	`{"loop_count":5,"stop\u005fhook_active":true,"stop_hook_active":false}`,
	`{"stop_hook_active":true,"loop_count":1,"x\n":1}`,
	`{"x":"a\"b","loop_count":[1,{"loop_count":2}]}`,
	`{"loop_count":1,"loop_count":2}`,
	`{"a":{"loop_count":9}}`,
	`{}`,
	`{"loop_count":tru}`,
	`not json`,
	` {"loop_count":6} `,
}

func TestPeekFields(t *testing.T) {
	for _, raw := range peekCases {
		checkPeek(t, []byte(raw))
	}
	if a, b := peekFields(nil, "loop_count", "stop_hook_active"); a != "" || b != "" {
		t.Errorf("peekFields(nil) = %q, %q", a, b)
	}
}

// checkPeek compares peekFields with gjson on raw, both key orders.
func checkPeek(t *testing.T, raw []byte) {
	t.Helper()
	for _, keys := range [][2]string{{"loop_count", "stop_hook_active"}, {"stop_hook_active", "loop_count"}} {
		w1, w2 := gjson.GetBytes(raw, keys[0]).String(), gjson.GetBytes(raw, keys[1]).String()
		if g1, g2 := peekFields(raw, keys[0], keys[1]); g1 != w1 || g2 != w2 {
			t.Errorf("peekFields(%q, %s, %s) = %q, %q; gjson says %q, %q", raw, keys[0], keys[1], g1, g2, w1, w2)
		}
	}
}

func FuzzPeekFields(f *testing.F) {
	for _, raw := range peekCases {
		f.Add([]byte(raw))
	}
	f.Fuzz(func(t *testing.T, raw []byte) { checkPeek(t, raw) })
}

// TestIsStop: isStop is Input.IsStop, for every event and none.
func TestIsStop(t *testing.T) {
	for _, e := range []stophook.Event{"", stophook.EventStop, stophook.EventSubagentStop, stophook.EventSessionStart,
		stophook.EventSessionEnd, stophook.EventUserPromptSubmit, stophook.EventStopFailure, stophook.EventNotification, "stop"} {
		in := stophook.Input{HookEventName: e}
		if isStop(&in) != in.IsStop() {
			t.Errorf("isStop(%q) = %v, IsStop %v", e, isStop(&in), in.IsStop())
		}
	}
}
