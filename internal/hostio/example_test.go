package hostio_test

import (
	"fmt"

	"github.com/stophook/stophook/internal/hostio"
)

// A Gemini CLI AfterAgent input becomes a Claude Code Stop input, and a
// block goes back in the form Gemini obeys.
func Example() {
	raw := []byte(`{"session_id":"s1","hook_event_name":"AfterAgent","prompt":"say hi","prompt_response":"hi","stop_hook_active":false}`)
	host := hostio.Detect(raw)
	in, err := hostio.Normalize(host, raw)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(host)
	fmt.Println(string(in))
	stdout, _, code := hostio.Encode(host, hostio.Reply{Block: true, Reason: "run the tests"})
	fmt.Print(string(stdout))
	fmt.Println(code)
	// Output:
	// gemini
	// {"hook_event_name":"Stop","host_hook_event_name":"AfterAgent","last_assistant_message":"hi","prompt":"say hi","prompt_response":"hi","session_id":"s1","stop_hook_active":false}
	// {"decision":"block","reason":"run the tests"}
	// 0
}

// Each host gets a halt in the form it obeys; Qwen Code, which would read
// continue:false as a block, gets a message instead, and Cursor, which
// cannot halt, lets the agent stop.
func ExampleEncode() {
	for _, host := range hostio.Hosts {
		stdout, _, _ := hostio.Encode(host, hostio.Reply{Halt: true, StopReason: "budget spent"})
		fmt.Printf("%s: %s", host, stdout)
	}
	// Output:
	// claude: {"continue":false,"stopReason":"budget spent"}
	// codex: {"continue":false,"stopReason":"budget spent"}
	// gemini: {"continue":false,"stopReason":"budget spent"}
	// qwen: {"systemMessage":"stophook: this host cannot halt the agent (continue:false would continue the turn); letting it stop\nbudget spent"}
	// copilot: {"continue":false,"stopReason":"budget spent"}
	// droid: {"continue":false,"stopReason":"budget spent"}
	// cursor: {}
}
