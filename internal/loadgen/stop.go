package loadgen

import (
	"encoding/json"
	"fmt"
)

// StopBody returns a body maker for Stop hook inputs of sessions
// sessions (request i belongs to session i mod sessions) in project
// directory cwd, each ending a turn with message; transcript, when not
// empty, is the transcript_path every input carries, as a real client's
// stops do.
func StopBody(sessions int, cwd, transcript, message string) func(i int) []byte {
	bodies := make([][]byte, max(sessions, 1))
	for s := range bodies {
		bodies[s], _ = json.Marshal(map[string]any{
			"session_id":             fmt.Sprintf("load-%d", s),
			"transcript_path":        transcript,
			"cwd":                    cwd,
			"hook_event_name":        "Stop",
			"stop_hook_active":       false,
			"last_assistant_message": message,
		})
	}
	return func(i int) []byte { return bodies[i%len(bodies)] }
}
