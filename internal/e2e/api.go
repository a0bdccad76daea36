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

// maxRequestBody bounds what the fake API reads of one request.
const maxRequestBody = 64 << 20

// API is a fake Anthropic Messages API on loopback. It records every request
// and answers POST /v1/messages from a [Script]. Create it with [NewAPI].
type API struct {
	srv *httptest.Server

	mu       sync.Mutex
	requests []*Request
	script   Script
	queue    []Reply
	nextID   int
}

// Script chooses the reply to a conversation request. It returns ok=false
// to fall back to the queue (see [API.Enqueue]) and then to [DefaultReply].
// It runs on the server goroutine; it must not call testing.T.FailNow.
type Script func(req *Request) (reply Reply, ok bool)

// DefaultReply is the reply to a conversation request when neither the
// script nor the queue supplies one.
var DefaultReply = Text("OK")

// NewAPI starts a fake Messages API and stops it when the test ends.
func NewAPI(t testing.TB) *API {
	t.Helper()
	a := &API{}
	a.srv = httptest.NewServer(http.HandlerFunc(a.serve))
	t.Cleanup(a.srv.Close)
	return a
}

// URL is the base URL to put in ANTHROPIC_BASE_URL.
func (a *API) URL() string { return a.srv.URL }

// SetScript installs s; nil removes it.
func (a *API) SetScript(s Script) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.script = s
}

// Enqueue appends replies for the next conversation requests (see
// [Request.IsConversation]), consumed one per request in order.
func (a *API) Enqueue(replies ...Reply) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.queue = append(a.queue, replies...)
}

// Pending returns how many queued replies were not consumed yet.
func (a *API) Pending() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.queue)
}

// Requests returns every request recorded so far, in arrival order.
func (a *API) Requests() []*Request {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]*Request(nil), a.requests...)
}

// Conversation returns the recorded POST /v1/messages requests of the main
// conversation (see [Request.IsConversation]), in arrival order.
func (a *API) Conversation() []*Request {
	var out []*Request
	for _, r := range a.Requests() {
		if r.IsConversation() {
			out = append(out, r)
		}
	}
	return out
}

// StopHookFeedback returns the reasons Claude Code sent back to the model
// after a Stop hook blocked (the text after "Stop hook feedback:\n" in a
// user message), each once, in the order they first appeared.
func (a *API) StopHookFeedback() []string {
	return uniqueTexts(a.Conversation(), func(s string) (string, bool) {
		return cutFeedback(s)
	})
}

// SystemReminders returns the bodies of the <system-reminder> blocks found
// in user messages of conversation requests, each once, in order.
func (a *API) SystemReminders() []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range a.Conversation() {
		for _, s := range r.UserTexts() {
			for _, body := range systemReminders(s) {
				if !seen[body] {
					seen[body] = true
					out = append(out, body)
				}
			}
		}
	}
	return out
}

// FeedbackPrefix starts the user message Claude Code sends after a Stop
// hook blocks.
const FeedbackPrefix = "Stop hook feedback:\n"

// cutFeedback returns the reason of a Stop hook feedback text, ignoring
// system reminders and blank space in front of it.
func cutFeedback(s string) (string, bool) {
	return strings.CutPrefix(strings.TrimLeft(stripReminders(s), " \t\r\n"), FeedbackPrefix)
}

func uniqueTexts(reqs []*Request, match func(string) (string, bool)) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range reqs {
		for _, s := range r.UserTexts() {
			if v, ok := match(s); ok && !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	return out
}

func systemReminders(s string) []string {
	const open, end = "<system-reminder>", "</system-reminder>"
	var out []string
	for {
		i := strings.Index(s, open)
		if i < 0 {
			return out
		}
		s = s[i+len(open):]
		j := strings.Index(s, end)
		if j < 0 {
			return out
		}
		out = append(out, strings.TrimSpace(s[:j]))
		s = s[j+len(end):]
	}
}

func (a *API) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxRequestBody))
	if err != nil {
		http.Error(w, "e2e: read body: "+err.Error(), http.StatusBadRequest)
		return
	}
	req := newRequest(r, body)
	a.mu.Lock()
	req.Seq = len(a.requests)
	a.requests = append(a.requests, req)
	a.mu.Unlock()

	w.Header().Set("Content-Type", "application/json")
	switch {
	case r.Method == http.MethodGet:
		io.WriteString(w, "{}")
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages/count_tokens":
		fmt.Fprintf(w, `{"input_tokens":%d}`, 1+len(body)/4)
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages":
		a.answer(w, req)
	default:
		io.WriteString(w, "{}")
	}
}

func (a *API) answer(w http.ResponseWriter, req *Request) {
	reply, ok := Reply{}, false
	a.mu.Lock()
	script := a.script
	a.mu.Unlock()
	if script != nil {
		reply, ok = script(req)
	}
	if !ok && req.IsConversation() {
		a.mu.Lock()
		if len(a.queue) > 0 {
			reply, ok = a.queue[0], true
			a.queue = a.queue[1:]
		}
		a.mu.Unlock()
	}
	if !ok {
		reply = DefaultReply
	}
	a.mu.Lock()
	a.nextID++
	id := fmt.Sprintf("msg_e2e_%04d", a.nextID)
	a.mu.Unlock()
	req.setReply(reply)

	if reply.Status != 0 && reply.Status != http.StatusOK {
		w.WriteHeader(reply.Status)
		fmt.Fprintf(w, `{"type":"error","error":{"type":"api_error","message":%q}}`, "e2e: scripted error")
		return
	}
	model := req.Model
	if model == "" {
		model = "claude-e2e"
	}
	if !req.Stream {
		json.NewEncoder(w).Encode(reply.message(id, model))
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	writeSSE(w, reply, id, model)
}

// writeSSE streams reply as the Messages API does.
func writeSSE(w io.Writer, reply Reply, id, model string) {
	var buf bytes.Buffer
	event := func(name string, data any) {
		b, _ := json.Marshal(data)
		fmt.Fprintf(&buf, "event: %s\ndata: %s\n\n", name, b)
	}
	start := reply.message(id, model)
	start["content"] = []any{}
	start["stop_reason"] = nil
	start["usage"] = map[string]int{"input_tokens": 10, "output_tokens": 1}
	event("message_start", map[string]any{"type": "message_start", "message": start})
	for i, b := range reply.Blocks {
		switch b.Type {
		case "tool_use":
			event("content_block_start", map[string]any{"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "tool_use", "id": b.ID, "name": b.Name, "input": map[string]any{}}})
			event("content_block_delta", map[string]any{"type": "content_block_delta", "index": i,
				"delta": map[string]any{"type": "input_json_delta", "partial_json": string(b.inputJSON())}})
		default:
			event("content_block_start", map[string]any{"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "text", "text": ""}})
			event("content_block_delta", map[string]any{"type": "content_block_delta", "index": i,
				"delta": map[string]any{"type": "text_delta", "text": b.Text}})
		}
		event("content_block_stop", map[string]any{"type": "content_block_stop", "index": i})
	}
	event("message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": reply.stopReason(), "stop_sequence": nil},
		"usage": map[string]int{"output_tokens": 5}})
	event("message_stop", map[string]any{"type": "message_stop"})
	w.Write(buf.Bytes())
}

// Request is one recorded HTTP request to the fake API.
type Request struct {
	Seq    int // arrival order, from 0
	Method string
	Path   string // URL path, e.g. /v1/messages
	Query  string // raw query, e.g. beta=true
	Header http.Header
	Body   []byte

	// Parsed from a POST /v1/messages body.
	Model    string
	Stream   bool
	System   string // system prompt text blocks joined with "\n"
	Tools    []string
	Messages []Message

	mu    sync.Mutex
	reply *Reply
}

// Message is one message of a Messages API request.
type Message struct {
	Role   string
	Blocks []ContentBlock
}

// ContentBlock is one content block of a request message. Text holds the
// text of a text block, or the text of a tool_result.
type ContentBlock struct {
	Type      string
	Text      string
	Name      string          // tool_use
	Input     json.RawMessage // tool_use
	ToolUseID string          // tool_result
}

func newRequest(r *http.Request, body []byte) *Request {
	req := &Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Header: r.Header.Clone(), Body: body}
	if r.Method != http.MethodPost || r.URL.Path != "/v1/messages" || !gjson.ValidBytes(body) {
		return req
	}
	root := gjson.ParseBytes(body)
	req.Model = root.Get("model").String()
	req.Stream = root.Get("stream").Bool()
	req.System = joinText(root.Get("system"))
	for _, t := range root.Get("tools").Array() {
		req.Tools = append(req.Tools, t.Get("name").String())
	}
	for _, m := range root.Get("messages").Array() {
		msg := Message{Role: m.Get("role").String()}
		c := m.Get("content")
		if c.Type == gjson.String {
			msg.Blocks = []ContentBlock{{Type: "text", Text: c.String()}}
		}
		for _, b := range c.Array() {
			if c.Type == gjson.String {
				break
			}
			cb := ContentBlock{Type: b.Get("type").String()}
			switch cb.Type {
			case "text":
				cb.Text = b.Get("text").String()
			case "tool_use":
				cb.Name = b.Get("name").String()
				cb.Input = json.RawMessage(b.Get("input").Raw)
			case "tool_result":
				cb.ToolUseID = b.Get("tool_use_id").String()
				cb.Text = joinText(b.Get("content"))
			}
			msg.Blocks = append(msg.Blocks, cb)
		}
		req.Messages = append(req.Messages, msg)
	}
	return req
}

// joinText returns a string value, or the text of an array of text blocks
// joined with "\n".
func joinText(v gjson.Result) string {
	if v.Type == gjson.String {
		return v.String()
	}
	var parts []string
	for _, b := range v.Array() {
		if b.Get("type").String() == "text" {
			parts = append(parts, b.Get("text").String())
		}
	}
	return strings.Join(parts, "\n")
}

// IsMessages reports whether r is a POST /v1/messages.
func (r *Request) IsMessages() bool {
	return r.Method == http.MethodPost && r.Path == "/v1/messages"
}

// IsConversation reports whether r is a turn of the main conversation:
// a streaming POST /v1/messages that offers tools. Claude Code's side
// requests (title or summary generation, our own summarizer hooks calling
// the API) offer no tools.
func (r *Request) IsConversation() bool {
	return r.IsMessages() && r.Stream && len(r.Tools) > 0
}

// HasTool reports whether the request offers the tool called name.
func (r *Request) HasTool(name string) bool {
	for _, t := range r.Tools {
		if t == name {
			return true
		}
	}
	return false
}

// UserTexts returns the text of every text block and tool result of every
// user message, in order.
func (r *Request) UserTexts() []string {
	var out []string
	for _, m := range r.Messages {
		if m.Role != "user" {
			continue
		}
		for _, b := range m.Blocks {
			if b.Type == "text" || b.Type == "tool_result" {
				out = append(out, b.Text)
			}
		}
	}
	return out
}

// LastUserTexts returns the texts (text blocks and tool results) of the
// last user message of r. (Claude Code 2.1.330 may put a role "system"
// message with the environment after it.)
func (r *Request) LastUserTexts() []string {
	i := len(r.Messages) - 1
	for i >= 0 && r.Messages[i].Role != "user" {
		i--
	}
	if i < 0 {
		return nil
	}
	m := r.Messages[i]
	var out []string
	for _, b := range m.Blocks {
		if b.Type == "text" || b.Type == "tool_result" {
			out = append(out, b.Text)
		}
	}
	return out
}

// LastUserText returns LastUserTexts with system reminders removed, joined
// with "\n": what the user (or a hook) said last.
func (r *Request) LastUserText() string {
	var parts []string
	for _, s := range r.LastUserTexts() {
		if s = strings.TrimSpace(stripReminders(s)); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, "\n")
}

// Feedback returns the Stop hook reason carried by the last user message
// of r, if any.
func (r *Request) Feedback() (string, bool) {
	for _, s := range r.LastUserTexts() {
		if rest, ok := cutFeedback(s); ok {
			return rest, true
		}
	}
	return "", false
}

// Reply returns the reply the fake API sent for r (zero for requests it
// did not script, such as count_tokens).
func (r *Request) Reply() Reply {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.reply == nil {
		return Reply{}
	}
	return *r.reply
}

func (r *Request) setReply(rep Reply) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reply = &rep
}

// String summarises r for test logs.
func (r *Request) String() string {
	if !r.IsMessages() {
		return fmt.Sprintf("#%d %s %s", r.Seq, r.Method, r.Path)
	}
	sys := r.System
	if strings.HasPrefix(sys, "x-anthropic-billing-header") {
		_, sys, _ = strings.Cut(sys, "\n")
	}
	if len(sys) > 60 {
		sys = sys[:60] + "…"
	}
	last := r.LastUserText()
	if len(last) > 80 {
		last = last[:80] + "…"
	}
	return fmt.Sprintf("#%d POST %s stream=%v tools=%d msgs=%d system=%q last=%q",
		r.Seq, r.Path, r.Stream, len(r.Tools), len(r.Messages), sys, last)
}

func stripReminders(s string) string {
	const open, end = "<system-reminder>", "</system-reminder>"
	for {
		i := strings.Index(s, open)
		if i < 0 {
			return s
		}
		j := strings.Index(s[i:], end)
		if j < 0 {
			return s[:i]
		}
		s = s[:i] + s[i+j+len(end):]
	}
}
