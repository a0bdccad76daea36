package e2e

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// These tests check the fake API itself; they need no claude binary.

// ownClient keeps these requests off http.DefaultTransport, whose idle
// connections any test's httptest.Server.Close closes, breaking a request
// another test has in flight.
var ownClient = &http.Client{Transport: &http.Transport{}}

func post(t *testing.T, url, body string) (*http.Response, string) {
	t.Helper()
	resp, err := ownClient.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(data)
}

const convBody = `{"model":"m","stream":true,"tools":[{"name":"Bash"}],
	"system":[{"type":"text","text":"x-anthropic-billing-header: v"},{"type":"text","text":"You are Claude Code."}],
	"messages":[
	 {"role":"user","content":"build it"},
	 {"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"make"}}]},
	 {"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":[{"type":"text","text":"ok"}]},
	   {"type":"text","text":"<system-reminder>\nremember this\n</system-reminder>\nStop hook feedback:\nTry again."}]},
	 {"role":"system","content":[{"type":"text","text":"# Environment"}]}]}`

func TestAPIStreamsScriptedReplies(t *testing.T) {
	a := NewAPI(t)
	a.Enqueue(ToolUse("Running it.", "Bash", map[string]any{"command": "echo hello"}))
	resp, body := post(t, a.URL()+"/v1/messages?beta=true", convBody)
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type: got %q, want text/event-stream", ct)
	}
	var events []string
	var text, partial, stop string
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		if name, ok := strings.CutPrefix(line, "event: "); ok {
			events = append(events, name)
			continue
		}
		data, ok := strings.CutPrefix(line, "data: ")
		if !ok {
			continue
		}
		var ev struct {
			Type  string `json:"type"`
			Delta struct {
				Type        string `json:"type"`
				Text        string `json:"text"`
				PartialJSON string `json:"partial_json"`
				StopReason  string `json:"stop_reason"`
			} `json:"delta"`
		}
		if err := json.Unmarshal([]byte(data), &ev); err != nil {
			t.Fatalf("data line %q: %v", data, err)
		}
		if events[len(events)-1] != ev.Type {
			t.Errorf("event %q carries type %q", events[len(events)-1], ev.Type)
		}
		text += ev.Delta.Text
		partial += ev.Delta.PartialJSON
		if ev.Delta.StopReason != "" {
			stop = ev.Delta.StopReason
		}
	}
	want := []string{"message_start",
		"content_block_start", "content_block_delta", "content_block_stop",
		"content_block_start", "content_block_delta", "content_block_stop",
		"message_delta", "message_stop"}
	if !slices.Equal(events, want) {
		t.Errorf("events: got %q, want %q", events, want)
	}
	if text != "Running it." || partial != `{"command":"echo hello"}` || stop != "tool_use" {
		t.Errorf("got text %q, partial_json %q, stop_reason %q", text, partial, stop)
	}

	reqs := a.Requests()
	if len(reqs) != 1 {
		t.Fatalf("requests: got %d, want 1", len(reqs))
	}
	r := reqs[0]
	if !r.IsConversation() || r.Query != "beta=true" || !r.HasTool("Bash") {
		t.Errorf("request: conversation %v, query %q, tools %q", r.IsConversation(), r.Query, r.Tools)
	}
	if got, ok := r.Feedback(); !ok || got != "Try again." {
		t.Errorf("Feedback: got %q, %v; want %q", got, ok, "Try again.")
	}
	if got := r.LastUserText(); got != "ok\nStop hook feedback:\nTry again." {
		t.Errorf("LastUserText: got %q", got)
	}
	if got := a.SystemReminders(); !slices.Equal(got, []string{"remember this"}) {
		t.Errorf("SystemReminders: got %q", got)
	}
	if got := a.StopHookFeedback(); !slices.Equal(got, []string{"Try again."}) {
		t.Errorf("StopHookFeedback: got %q", got)
	}
	if !strings.Contains(r.System, "You are Claude Code.") {
		t.Errorf("System: got %q", r.System)
	}
}

func TestAPINonStreamingAndOtherEndpoints(t *testing.T) {
	a := NewAPI(t)
	a.Enqueue(Text("queued for the conversation"))
	a.SetScript(OnSystem("Summarize", Text("a summary")))

	_, body := post(t, a.URL()+"/v1/messages", `{"model":"m","system":"Summarize this.","messages":[{"role":"user","content":"log"}]}`)
	var msg struct {
		Type       string `json:"type"`
		Role       string `json:"role"`
		StopReason string `json:"stop_reason"`
		Content    []struct{ Type, Text string }
	}
	if err := json.Unmarshal([]byte(body), &msg); err != nil {
		t.Fatalf("non-streaming body %q: %v", body, err)
	}
	if msg.Type != "message" || msg.Role != "assistant" || msg.StopReason != "end_turn" ||
		len(msg.Content) != 1 || msg.Content[0].Text != "a summary" {
		t.Errorf("non-streaming reply: got %s", body)
	}
	// A side request without a script falls back to the default, not the queue.
	a.SetScript(nil)
	_, body = post(t, a.URL()+"/v1/messages", `{"model":"m","messages":[{"role":"user","content":"title?"}]}`)
	if !strings.Contains(body, `"text":"OK"`) || a.Pending() != 1 {
		t.Errorf("side request: got %s with %d queued, want the default reply and the queue untouched", body, a.Pending())
	}

	_, body = post(t, a.URL()+"/v1/messages/count_tokens", `{"messages":[]}`)
	var n struct {
		InputTokens int `json:"input_tokens"`
	}
	if json.Unmarshal([]byte(body), &n) != nil || n.InputTokens <= 0 {
		t.Errorf("count_tokens: got %s", body)
	}
	resp, err := ownClient.Get(a.URL() + "/api/hello")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(data) != "{}" {
		t.Errorf("GET: got %q, want {}", data)
	}
	a.SetScript(func(*Request) (Reply, bool) { return Reply{Status: 529}, true })
	if resp, _ := post(t, a.URL()+"/v1/messages", `{}`); resp.StatusCode != 529 {
		t.Errorf("scripted status: got %d, want 529", resp.StatusCode)
	}
	if got := len(a.Requests()); got != 5 {
		t.Errorf("recorded requests: got %d, want 5", got)
	}
}

func TestScrubAndProjectKey(t *testing.T) {
	if got := ProjectKey("/tmp/Test_x.1/home/project"); got != "-tmp-Test-x-1-home-project" {
		t.Errorf("ProjectKey: got %q", got)
	}
	e := &Env{Root: "/r/1", Home: "/r/1/home", Dir: "/r/1/home/project", API: NewAPI(t)}
	in := `{"cwd":"/r/1/home/project","transcript_path":"/r/1/home/.claude/projects/-r-1-home-project/s.jsonl","log":"/r/1/hooklog/x"}`
	want := `{"cwd":"/home/user/project","transcript_path":"/home/user/.claude/projects/-home-user-project/s.jsonl","log":"/tmp/e2e/hooklog/x"}`
	if got := string(e.Scrub([]byte(in))); got != want {
		t.Errorf("Scrub:\ngot  %s\nwant %s", got, want)
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"plain/path-1.x": "plain/path-1.x",
		"":               "''",
		"it's $HOME":     `'it'\''s $HOME'`,
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q): got %q, want %q", in, got, want)
		}
	}
}
