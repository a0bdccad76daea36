package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/tidwall/gjson"
)

// Wire names the model API protocol a request used.
type Wire string

// The protocols [ModelAPI] speaks.
const (
	// WireResponses is OpenAI's Responses API (POST /v1/responses, SSE),
	// spoken by Codex.
	WireResponses Wire = "responses"
	// WireGemini is the Gemini API (POST /v1beta/models/M:streamGenerateContent?alt=sse
	// and M:generateContent), spoken by Gemini CLI.
	WireGemini Wire = "gemini"
	// WireChat is OpenAI's chat completions (POST /v1/chat/completions),
	// spoken by Qwen Code, Copilot CLI (BYOK) and droid (custom models).
	WireChat Wire = "chat"
)

// ModelAPI is a fake model API on loopback for the agents other than Claude
// Code. It answers the three wire protocols above with text replies, records
// every request, and takes its replies from a [ModelScript], else from the
// queue filled by [ModelAPI.Enqueue], else from the text set with
// [ModelAPI.Always] (default "OK"). Only conversation requests (see
// [ModelRequest.IsConversation]) consume the queue. Create it with
// [NewModelAPI].
type ModelAPI struct {
	srv *httptest.Server

	mu       sync.Mutex
	requests []*ModelRequest
	script   ModelScript
	queue    []string
	always   string
}

// ModelScript chooses the reply text to a request; ok=false falls back to
// the queue and then to the [ModelAPI.Always] text. It runs on the server
// goroutine and must not call testing.T.FailNow.
type ModelScript func(req *ModelRequest) (text string, ok bool)

// NewModelAPI starts a fake model API and stops it when the test ends.
func NewModelAPI(t testing.TB) *ModelAPI {
	t.Helper()
	a := &ModelAPI{always: "OK"}
	a.srv = httptest.NewServer(http.HandlerFunc(a.serve))
	t.Cleanup(a.srv.Close)
	return a
}

// URL is the server's base URL, without a path.
func (a *ModelAPI) URL() string { return a.srv.URL }

// SetScript installs s; nil removes it.
func (a *ModelAPI) SetScript(s ModelScript) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.script = s
}

// Enqueue appends reply texts for the next conversation requests, one per
// request in order.
func (a *ModelAPI) Enqueue(texts ...string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.queue = append(a.queue, texts...)
}

// Always sets the reply to conversation requests once the queue is empty
// (and to every other request).
func (a *ModelAPI) Always(text string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.always = text
}

// Pending returns how many queued replies were not consumed yet.
func (a *ModelAPI) Pending() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.queue)
}

// Requests returns every request recorded so far, in arrival order.
func (a *ModelAPI) Requests() []*ModelRequest {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]*ModelRequest(nil), a.requests...)
}

// Conversation returns the recorded conversation requests, in order.
func (a *ModelAPI) Conversation() []*ModelRequest {
	var out []*ModelRequest
	for _, r := range a.Requests() {
		if r.IsConversation() {
			out = append(out, r)
		}
	}
	return out
}

// Saw reports whether a user message of some conversation request contains s.
func (a *ModelAPI) Saw(s string) bool { return a.CountSaw(s) > 0 }

// CountSaw returns how many conversation requests have s in their last
// user message: the number of times a text such as a hook's reason was
// fed back to the model as the newest turn.
func (a *ModelAPI) CountSaw(s string) int {
	n := 0
	for _, r := range a.Conversation() {
		if strings.Contains(r.LastUserText(), s) {
			n++
		}
	}
	return n
}

// ModelRequest is one request the fake API received.
type ModelRequest struct {
	Seq    int
	Method string
	Path   string // URL path, e.g. /v1/responses
	Query  string
	Header http.Header
	Body   []byte
	Wire   Wire   // "" for requests outside the three protocols
	Model  string // from the body, or from the Gemini path
	Stream bool

	mu    sync.Mutex
	reply string
}

// Reply returns the text the fake answered with ("" when none yet).
func (r *ModelRequest) Reply() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reply
}

func (r *ModelRequest) String() string {
	return fmt.Sprintf("#%d %s %s wire=%s model=%s stream=%v last user %q → %q",
		r.Seq, r.Method, r.Path, r.Wire, r.Model, r.Stream, truncate(r.LastUserText(), 200), truncate(r.Reply(), 80))
}

// IsConversation reports whether r is a turn of the agent's conversation
// rather than a side request (Gemini's JSON classifier and loop detector
// calls, model listings, …): a streaming request of one of the three
// protocols.
func (r *ModelRequest) IsConversation() bool {
	return r.Method == http.MethodPost && r.Wire != "" && r.Stream
}

// UserTexts returns the text of every user message of the request, in
// order, each message's text parts joined with "\n".
func (r *ModelRequest) UserTexts() []string {
	var out []string
	body := gjson.ParseBytes(r.Body)
	join := func(parts []string) {
		out = append(out, strings.Join(parts, "\n"))
	}
	switch r.Wire {
	case WireResponses:
		for _, item := range body.Get("input").Array() {
			if item.Get("role").String() != "user" {
				continue
			}
			c := item.Get("content")
			if c.Type == gjson.String {
				join([]string{c.String()})
				continue
			}
			var parts []string
			for _, p := range c.Array() {
				if p.Get("text").Exists() {
					parts = append(parts, p.Get("text").String())
				}
			}
			join(parts)
		}
	case WireGemini:
		for _, c := range body.Get("contents").Array() {
			if c.Get("role").String() != "user" {
				continue
			}
			var parts []string
			for _, p := range c.Get("parts").Array() {
				if p.Get("text").Exists() {
					parts = append(parts, p.Get("text").String())
				}
			}
			if len(parts) > 0 {
				join(parts)
			}
		}
	case WireChat:
		for _, m := range body.Get("messages").Array() {
			if m.Get("role").String() != "user" {
				continue
			}
			c := m.Get("content")
			if c.Type == gjson.String {
				join([]string{c.String()})
				continue
			}
			var parts []string
			for _, p := range c.Array() {
				if p.Get("text").Exists() {
					parts = append(parts, p.Get("text").String())
				}
			}
			join(parts)
		}
	}
	return out
}

// LastUserText returns the text of the last user message, or "".
func (r *ModelRequest) LastUserText() string {
	u := r.UserTexts()
	if len(u) == 0 {
		return ""
	}
	return u[len(u)-1]
}

func (a *ModelAPI) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxRequestBody))
	if err != nil {
		http.Error(w, "e2e: read body: "+err.Error(), http.StatusBadRequest)
		return
	}
	req := &ModelRequest{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Header: r.Header.Clone(), Body: body}
	req.Model = gjson.GetBytes(body, "model").String()
	req.Stream = gjson.GetBytes(body, "stream").Bool()
	geminiMethod := ""
	switch {
	case r.Method != http.MethodPost:
	case strings.HasSuffix(r.URL.Path, "/responses"):
		req.Wire = WireResponses
	case strings.HasSuffix(r.URL.Path, "/chat/completions"):
		req.Wire = WireChat
	case strings.Contains(r.URL.Path, "/models/") && strings.Contains(r.URL.Path, ":"):
		i := strings.LastIndex(r.URL.Path, ":")
		geminiMethod = r.URL.Path[i+1:]
		if geminiMethod == "streamGenerateContent" || geminiMethod == "generateContent" {
			req.Wire = WireGemini
			req.Model = r.URL.Path[strings.LastIndex(r.URL.Path[:i], "/")+1 : i]
			req.Stream = geminiMethod == "streamGenerateContent"
		}
	}
	a.mu.Lock()
	req.Seq = len(a.requests)
	a.requests = append(a.requests, req)
	a.mu.Unlock()

	if req.Wire == "" {
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/models") {
			fmt.Fprint(w, `{"object":"list","data":[{"id":"fake-model","object":"model","owned_by":"e2e"}]}`)
			return
		}
		io.WriteString(w, "{}")
		return
	}
	text := a.next(req)
	req.mu.Lock()
	req.reply = text
	req.mu.Unlock()
	if req.Wire == WireGemini && !req.Stream && strings.Contains(gjson.GetBytes(body, "generationConfig.responseMimeType").String(), "json") {
		// Side calls that want JSON (model router, loop detector): an
		// empty object parses and decides nothing.
		text = "{}"
	}
	a.write(w, req, text)
}

func (a *ModelAPI) next(req *ModelRequest) string {
	a.mu.Lock()
	script, always := a.script, a.always
	a.mu.Unlock()
	if script != nil {
		if text, ok := script(req); ok {
			return text
		}
	}
	if req.IsConversation() {
		a.mu.Lock()
		defer a.mu.Unlock()
		if len(a.queue) > 0 {
			text := a.queue[0]
			a.queue = a.queue[1:]
			return text
		}
	}
	return always
}

func (a *ModelAPI) write(w http.ResponseWriter, req *ModelRequest, text string) {
	id := fmt.Sprintf("e2e_%04d", req.Seq)
	model := req.Model
	if model == "" {
		model = "fake-model"
	}
	var buf bytes.Buffer
	data := func(v any) {
		b, _ := json.Marshal(v)
		fmt.Fprintf(&buf, "data: %s\n\n", b)
	}
	if req.Stream {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Cache-Control", "no-cache")
	} else {
		w.Header().Set("Content-Type", "application/json")
	}
	switch req.Wire {
	case WireResponses:
		writeResponses(&buf, req, id, model, text)
	case WireGemini:
		chunk := map[string]any{
			"candidates": []any{map[string]any{
				"content":      map[string]any{"role": "model", "parts": []any{map[string]any{"text": text}}},
				"finishReason": "STOP", "index": 0,
			}},
			"usageMetadata": map[string]any{"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
			"modelVersion":  model, "responseId": id,
		}
		if req.Stream {
			b, _ := json.Marshal(chunk)
			fmt.Fprintf(&buf, "data: %s\r\n\r\n", b)
		} else {
			json.NewEncoder(&buf).Encode(chunk)
		}
	case WireChat:
		usage := map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
		if !req.Stream {
			json.NewEncoder(&buf).Encode(map[string]any{
				"id": "chatcmpl-" + id, "object": "chat.completion", "created": 1, "model": model,
				"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
					"message": map[string]any{"role": "assistant", "content": text}}},
				"usage": usage,
			})
			break
		}
		chunk := func(delta map[string]any, finish any, extra map[string]any) {
			c := map[string]any{"id": "chatcmpl-" + id, "object": "chat.completion.chunk", "created": 1, "model": model,
				"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}}
			for k, v := range extra {
				c[k] = v
			}
			data(c)
		}
		chunk(map[string]any{"role": "assistant", "content": ""}, nil, nil)
		chunk(map[string]any{"content": text}, nil, nil)
		chunk(map[string]any{}, "stop", map[string]any{"usage": usage})
		buf.WriteString("data: [DONE]\n\n")
	}
	w.Write(buf.Bytes())
}

// writeResponses writes the SSE events of a Responses API answer holding one
// assistant message with text.
func writeResponses(buf *bytes.Buffer, req *ModelRequest, id, model, text string) {
	seq := 0
	event := func(typ string, fields map[string]any) {
		fields["type"] = typ
		fields["sequence_number"] = seq
		seq++
		b, _ := json.Marshal(fields)
		fmt.Fprintf(buf, "event: %s\ndata: %s\n\n", typ, b)
	}
	msgID := "msg_" + id
	part := map[string]any{"type": "output_text", "text": text, "annotations": []any{}}
	item := map[string]any{"type": "message", "id": msgID, "status": "completed", "role": "assistant", "content": []any{part}}
	resp := func(status string, output []any) map[string]any {
		r := map[string]any{"id": "resp_" + id, "object": "response", "created_at": 1, "status": status,
			"model": model, "output": output}
		if status == "completed" {
			r["usage"] = map[string]any{
				"input_tokens": 10, "input_tokens_details": map[string]any{"cached_tokens": 0},
				"output_tokens": 5, "output_tokens_details": map[string]any{"reasoning_tokens": 0},
				"total_tokens": 15,
			}
		}
		return r
	}
	event("response.created", map[string]any{"response": resp("in_progress", []any{})})
	event("response.in_progress", map[string]any{"response": resp("in_progress", []any{})})
	event("response.output_item.added", map[string]any{"output_index": 0,
		"item": map[string]any{"type": "message", "id": msgID, "status": "in_progress", "role": "assistant", "content": []any{}}})
	event("response.content_part.added", map[string]any{"item_id": msgID, "output_index": 0, "content_index": 0,
		"part": map[string]any{"type": "output_text", "text": "", "annotations": []any{}}})
	event("response.output_text.delta", map[string]any{"item_id": msgID, "output_index": 0, "content_index": 0, "delta": text})
	event("response.output_text.done", map[string]any{"item_id": msgID, "output_index": 0, "content_index": 0, "text": text})
	event("response.content_part.done", map[string]any{"item_id": msgID, "output_index": 0, "content_index": 0, "part": part})
	event("response.output_item.done", map[string]any{"output_index": 0, "item": item})
	event("response.completed", map[string]any{"response": resp("completed", []any{item})})
}
