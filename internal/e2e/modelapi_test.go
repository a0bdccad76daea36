package e2e

import (
	"bufio"
	"slices"
	"strings"
	"testing"

	"github.com/tidwall/gjson"
)

// These tests check the fake model API itself; they need no client.

// sseData returns the data payloads of an SSE body, in order, without the
// final [DONE].
func sseData(body string) []gjson.Result {
	var out []gjson.Result
	sc := bufio.NewScanner(strings.NewReader(body))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(strings.TrimRight(sc.Text(), "\r"), "data: ")
		if ok && data != "[DONE]" {
			out = append(out, gjson.Parse(data))
		}
	}
	return out
}

func TestModelAPIWires(t *testing.T) {
	tests := []struct {
		name, path, body string
		wire             Wire
		model            string
		users            []string
		// text extracts the reply text from the response body.
		text func(t *testing.T, body string) string
	}{
		{
			name: "responses", path: "/v1/responses", wire: WireResponses, model: "gpt-fake",
			body: `{"model":"gpt-fake","stream":true,"input":[
				{"type":"message","role":"developer","content":[{"type":"input_text","text":"rules"}]},
				{"type":"message","role":"user","content":[{"type":"input_text","text":"<env/>"},{"type":"input_text","text":"say hi"}]},
				{"type":"message","role":"assistant","content":[{"type":"output_text","text":"hi"}]},
				{"type":"message","role":"user","content":[{"type":"input_text","text":"<hook_prompt>more</hook_prompt>"}]}]}`,
			users: []string{"<env/>\nsay hi", "<hook_prompt>more</hook_prompt>"},
			text: func(t *testing.T, body string) string {
				var types []string
				var done string
				for _, d := range sseData(body) {
					types = append(types, d.Get("type").String())
					if d.Get("type").String() == "response.completed" {
						done = d.Get("response.output.0.content.0.text").String()
						if !d.Get("response.usage.total_tokens").Exists() {
							t.Error("response.completed without usage")
						}
					}
				}
				want := []string{"response.created", "response.in_progress", "response.output_item.added",
					"response.content_part.added", "response.output_text.delta", "response.output_text.done",
					"response.content_part.done", "response.output_item.done", "response.completed"}
				if !slices.Equal(types, want) {
					t.Errorf("events %q, want %q", types, want)
				}
				return done
			},
		},
		{
			name: "gemini stream", path: "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
			wire: WireGemini, model: "gemini-2.5-flash",
			body: `{"contents":[{"role":"user","parts":[{"text":"ctx"}]},{"role":"user","parts":[{"text":"say hi"}]},
				{"role":"model","parts":[{"text":"hi"}]},{"role":"user","parts":[{"text":"do one more thing"}]}]}`,
			users: []string{"ctx", "say hi", "do one more thing"},
			text: func(t *testing.T, body string) string {
				if !strings.HasSuffix(body, "\r\n\r\n") {
					t.Errorf("gemini SSE event does not end with CRLF CRLF: %q", body)
				}
				d := sseData(body)
				if len(d) != 1 || d[0].Get("candidates.0.finishReason").String() != "STOP" {
					t.Fatalf("chunks %v", d)
				}
				return d[0].Get("candidates.0.content.parts.0.text").String()
			},
		},
		{
			name: "chat", path: "/v1/chat/completions", wire: WireChat, model: "fake-model",
			body: `{"model":"fake-model","stream":true,"messages":[{"role":"system","content":"sys"},
				{"role":"user","content":"say hi"},{"role":"assistant","content":"hi"},
				{"role":"user","content":[{"type":"text","text":"<now/>"},{"type":"text","text":"again"}]}]}`,
			users: []string{"say hi", "<now/>\nagain"},
			text: func(t *testing.T, body string) string {
				if !strings.HasSuffix(body, "data: [DONE]\n\n") {
					t.Errorf("chat SSE does not end with [DONE]: %q", body)
				}
				var text strings.Builder
				finish := ""
				for _, d := range sseData(body) {
					text.WriteString(d.Get("choices.0.delta.content").String())
					if f := d.Get("choices.0.finish_reason").String(); f != "" {
						finish = f
					}
				}
				if finish != "stop" {
					t.Errorf("finish_reason %q, want stop", finish)
				}
				return text.String()
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := NewModelAPI(t)
			a.Enqueue("fake reply 1")
			resp, body := post(t, a.URL()+tt.path, tt.body)
			if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
				t.Errorf("content type %q", ct)
			}
			if got := tt.text(t, body); got != "fake reply 1" {
				t.Errorf("reply text %q, want %q", got, "fake reply 1")
			}
			reqs := a.Conversation()
			if len(reqs) != 1 {
				t.Fatalf("%d conversation requests, want 1", len(reqs))
			}
			r := reqs[0]
			if r.Wire != tt.wire || r.Model != tt.model || !r.Stream || r.Reply() != "fake reply 1" {
				t.Errorf("recorded wire %q model %q stream %v reply %q", r.Wire, r.Model, r.Stream, r.Reply())
			}
			if got := r.UserTexts(); !slices.Equal(got, tt.users) {
				t.Errorf("user texts %q, want %q", got, tt.users)
			}
			if last := tt.users[len(tt.users)-1]; r.LastUserText() != last || a.CountSaw(last) != 1 || a.Saw("absent") {
				t.Errorf("LastUserText %q, CountSaw %d", r.LastUserText(), a.CountSaw(last))
			}
		})
	}
}

// Side requests (non-streaming) neither consume the queue nor count as
// conversation; Gemini's JSON side calls get an empty JSON object.
func TestModelAPISideRequests(t *testing.T) {
	a := NewModelAPI(t)
	a.Enqueue("queued")
	a.Always("always")
	_, body := post(t, a.URL()+"/v1beta/models/gemini-3-flash-preview:generateContent",
		`{"contents":[{"role":"user","parts":[{"text":"is this a loop?"}]}],"generationConfig":{"responseMimeType":"application/json"}}`)
	if got := gjson.Get(body, "candidates.0.content.parts.0.text").String(); got != "{}" {
		t.Errorf("JSON side call answered %q, want {}", got)
	}
	_, body = post(t, a.URL()+"/v1/chat/completions", `{"model":"m","messages":[{"role":"user","content":"title?"}]}`)
	if got := gjson.Get(body, "choices.0.message.content").String(); got != "always" {
		t.Errorf("non-streaming chat answered %q, want the always text", got)
	}
	if a.Pending() != 1 || len(a.Conversation()) != 0 || len(a.Requests()) != 2 {
		t.Errorf("pending %d, conversation %d, requests %d; want 1, 0, 2", a.Pending(), len(a.Conversation()), len(a.Requests()))
	}
	a.SetScript(func(r *ModelRequest) (string, bool) { return "scripted", r.LastUserText() == "x" })
	for _, want := range []string{"scripted", "queued", "always"} {
		last := "x"
		if want != "scripted" {
			last = "y"
		}
		_, body := post(t, a.URL()+"/v1/chat/completions", `{"stream":true,"messages":[{"role":"user","content":"`+last+`"}]}`)
		var got strings.Builder
		for _, d := range sseData(body) {
			got.WriteString(d.Get("choices.0.delta.content").String())
		}
		if got.String() != want {
			t.Errorf("reply %q, want %q", got.String(), want)
		}
	}
}
