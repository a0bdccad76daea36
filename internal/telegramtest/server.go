package telegramtest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/stophook/stophook/internal/telegram"
)

// Sent is a message a bot sent through the fake.
type Sent struct {
	ChatID    int64
	MessageID int64
	Text      string
	// Buttons lists the inline keyboard, row by row flattened.
	Buttons []telegram.InlineKeyboardButton
}

// Edit is an editMessageText call.
type Edit struct {
	ChatID, MessageID int64
	Text              string
	HasKeyboard       bool
}

// Server is a fake Bot API. Its methods are safe for concurrent use.
type Server struct {
	token string
	srv   *httptest.Server

	mu       sync.Mutex
	changed  chan struct{} // closed and replaced whenever state changes
	nextMsg  int64
	nextUpd  int64
	updates  []telegram.Update // unconfirmed
	sent     []Sent
	edits    []Edit
	answered []string
	calls    map[string]int
	pollGen  int64
	dates    map[int64]int64 // message id → date of the messages sent
	waiting  int             // getUpdates calls blocked in a long poll
	conflict int             // getUpdates calls ended with 409
}

// NewServer starts a fake Bot API that accepts token.
func NewServer(token string) *Server {
	s := &Server{token: token, changed: make(chan struct{}), nextMsg: 100, nextUpd: 1000, calls: map[string]int{}, dates: map[int64]int64{}}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// URL is the base URL to configure instead of https://api.telegram.org.
func (s *Server) URL() string { return s.srv.URL }

// Client returns an HTTP client of the server's own, for tests run in
// parallel: another test's httptest.Server.Close closes the idle
// connections of http.DefaultTransport, which can break a request made
// through it.
func (s *Server) Client() *http.Client { return s.srv.Client() }

// Close shuts the server down.
func (s *Server) Close() {
	s.mu.Lock()
	s.pollGen++ // wake pollers
	s.notifyLocked()
	s.mu.Unlock()
	s.srv.Close()
}

func (s *Server) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// waitChangeLocked returns a channel closed at the next state change.
func (s *Server) waitChangeLocked() <-chan struct{} { return s.changed }

// NextMessage waits for the next message sent after the previous
// NextMessage call returned, in order.
func (s *Server) NextMessage(ctx context.Context) (Sent, error) {
	return s.nthMessage(ctx, -1)
}

// Message waits until at least n+1 messages have been sent and returns the
// n-th (0-based).
func (s *Server) Message(ctx context.Context, n int) (Sent, error) { return s.nthMessage(ctx, n) }

func (s *Server) nthMessage(ctx context.Context, n int) (Sent, error) {
	s.mu.Lock()
	if n < 0 {
		n = s.calls["_taken"]
		s.calls["_taken"]++
	}
	for {
		if len(s.sent) > n {
			m := s.sent[n]
			s.mu.Unlock()
			return m, nil
		}
		ch := s.waitChangeLocked()
		s.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return Sent{}, fmt.Errorf("telegramtest: no message %d: %w", n, ctx.Err())
		}
		s.mu.Lock()
	}
}

// Sent returns the messages sent so far.
func (s *Server) Sent() []Sent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Sent(nil), s.sent...)
}

// Edits returns the editMessageText calls so far.
func (s *Server) Edits() []Edit {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Edit(nil), s.edits...)
}

// WaitEdit waits until message messageID has been edited and returns the last edit.
func (s *Server) WaitEdit(ctx context.Context, messageID int64) (Edit, error) {
	s.mu.Lock()
	for {
		for i := len(s.edits) - 1; i >= 0; i-- {
			if s.edits[i].MessageID == messageID {
				e := s.edits[i]
				s.mu.Unlock()
				return e, nil
			}
		}
		ch := s.waitChangeLocked()
		s.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return Edit{}, fmt.Errorf("telegramtest: message %d not edited: %w", messageID, ctx.Err())
		}
		s.mu.Lock()
	}
}

// Answered returns the ids of the answered callback queries.
func (s *Server) Answered() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.answered...)
}

// Calls returns how often method was called.
func (s *Server) Calls(method string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls[method]
}

// WaitPoll waits until a getUpdates call is blocked in a long poll.
func (s *Server) WaitPoll(ctx context.Context) error {
	s.mu.Lock()
	for s.waiting == 0 {
		ch := s.waitChangeLocked()
		s.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("telegramtest: nobody polls: %w", ctx.Err())
		}
		s.mu.Lock()
	}
	s.mu.Unlock()
	return nil
}

// WaitConflicts waits until at least n getUpdates calls were ended with
// 409 Conflict. The poll a newer one ends answers on its own goroutine, so
// the newer call can return before the older one has been counted.
func (s *Server) WaitConflicts(ctx context.Context, n int) error {
	s.mu.Lock()
	for s.conflict < n {
		ch := s.waitChangeLocked()
		s.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("telegramtest: %d of %d conflicts: %w", s.Conflicts(), n, ctx.Err())
		}
		s.mu.Lock()
	}
	s.mu.Unlock()
	return nil
}

// Conflicts returns how many getUpdates calls were ended with 409 Conflict
// because another one started.
func (s *Server) Conflicts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conflict
}

// Pending returns the number of unconfirmed updates.
func (s *Server) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.updates)
}

// Push queues a raw update; its UpdateID is assigned and returned.
func (s *Server) Push(u telegram.Update) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextUpd++
	u.UpdateID = s.nextUpd
	s.updates = append(s.updates, u)
	s.notifyLocked()
	return u.UpdateID
}

// Reply queues a text message in chatID replying to message toMessageID
// (0: not a reply).
func (s *Server) Reply(chatID, toMessageID int64, text string) {
	s.mu.Lock()
	s.nextMsg++
	id := s.nextMsg
	s.mu.Unlock()
	m := &telegram.Message{
		MessageID: id, Date: time.Now().Unix(), Chat: telegram.Chat{ID: chatID, Type: "private"},
		From: &telegram.User{ID: chatID, FirstName: "Human"}, Text: text,
	}
	if toMessageID != 0 {
		m.ReplyToMessage = &telegram.Message{MessageID: toMessageID, Chat: telegram.Chat{ID: chatID, Type: "private"}}
	}
	s.Push(telegram.Update{Message: m})
}

// Press queues a button press on message messageID in chatID with the
// given callback data, and returns the callback query id. The pressed
// message carries its send date, as in the real API (now for a message
// this server did not send).
func (s *Server) Press(chatID, messageID int64, data string) string {
	s.mu.Lock()
	s.nextMsg++
	id := "cb" + strconv.FormatInt(s.nextMsg, 10)
	date, ok := s.dates[messageID]
	if !ok {
		date = time.Now().Unix()
	}
	s.mu.Unlock()
	s.Push(telegram.Update{CallbackQuery: &telegram.CallbackQuery{
		ID: id, From: telegram.User{ID: chatID, FirstName: "Human"}, Data: data,
		Message: &telegram.Message{MessageID: messageID, Date: date, Chat: telegram.Chat{ID: chatID, Type: "private"}},
	}})
	return id
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	rest, ok := strings.CutPrefix(r.URL.Path, "/bot"+s.token+"/")
	if !ok || s.token == "" {
		writeErr(w, http.StatusUnauthorized, "Unauthorized")
		return
	}
	var p params
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&p); err != nil {
		writeErr(w, http.StatusBadRequest, "Bad Request: "+err.Error())
		return
	}
	s.mu.Lock()
	s.calls[rest]++
	s.mu.Unlock()
	switch rest {
	case "sendMessage":
		s.sendMessage(w, p)
	case "getUpdates":
		s.getUpdates(w, r, p)
	case "answerCallbackQuery":
		s.mu.Lock()
		s.answered = append(s.answered, p.CallbackQueryID)
		s.notifyLocked()
		s.mu.Unlock()
		writeOK(w, true)
	case "editMessageText":
		s.mu.Lock()
		s.edits = append(s.edits, Edit{ChatID: p.ChatID, MessageID: p.MessageID, Text: p.Text, HasKeyboard: p.ReplyMarkup != nil})
		s.notifyLocked()
		s.mu.Unlock()
		writeOK(w, true)
	default:
		writeErr(w, http.StatusNotFound, "Not Found: method not found")
	}
}

type params struct {
	ChatID          int64                          `json:"chat_id"`
	MessageID       int64                          `json:"message_id"`
	Text            string                         `json:"text"`
	ReplyMarkup     *telegram.InlineKeyboardMarkup `json:"reply_markup"`
	Offset          int64                          `json:"offset"`
	Timeout         int                            `json:"timeout"`
	CallbackQueryID string                         `json:"callback_query_id"`
}

func (s *Server) sendMessage(w http.ResponseWriter, p params) {
	if p.Text == "" {
		writeErr(w, http.StatusBadRequest, "Bad Request: message text is empty")
		return
	}
	if utf16Len(p.Text) > 4096 {
		writeErr(w, http.StatusBadRequest, "Bad Request: message is too long")
		return
	}
	s.mu.Lock()
	s.nextMsg++
	m := Sent{ChatID: p.ChatID, MessageID: s.nextMsg, Text: p.Text}
	if p.ReplyMarkup != nil {
		for _, row := range p.ReplyMarkup.InlineKeyboard {
			m.Buttons = append(m.Buttons, row...)
		}
	}
	s.sent = append(s.sent, m)
	date := time.Now().Unix()
	s.dates[m.MessageID] = date
	s.notifyLocked()
	s.mu.Unlock()
	writeOK(w, telegram.Message{MessageID: m.MessageID, Date: date, Chat: telegram.Chat{ID: p.ChatID, Type: "private"}, Text: p.Text})
}

func (s *Server) getUpdates(w http.ResponseWriter, r *http.Request, p params) {
	deadline := time.NewTimer(time.Duration(p.Timeout) * time.Second)
	defer deadline.Stop()
	s.mu.Lock()
	s.pollGen++
	gen := s.pollGen
	s.notifyLocked() // ends an older waiting poll with 409
	for {
		if gen != s.pollGen {
			s.conflict++
			s.notifyLocked() // for WaitConflicts
			s.mu.Unlock()
			writeErr(w, http.StatusConflict, "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running")
			return
		}
		if p.Offset != 0 {
			kept := s.updates[:0]
			for _, u := range s.updates {
				if u.UpdateID >= p.Offset {
					kept = append(kept, u)
				}
			}
			s.updates = kept
		}
		if len(s.updates) > 0 {
			ups := append([]telegram.Update(nil), s.updates...)
			if len(ups) > 100 {
				ups = ups[:100]
			}
			s.mu.Unlock()
			writeOK(w, ups)
			return
		}
		s.waiting++
		s.notifyLocked() // for WaitPoll
		ch := s.waitChangeLocked()
		s.mu.Unlock()
		timedOut := false
		select {
		case <-ch:
		case <-deadline.C:
			timedOut = true
		case <-r.Context().Done():
		}
		s.mu.Lock()
		s.waiting--
		if r.Context().Err() != nil {
			s.mu.Unlock()
			return
		}
		if timedOut {
			s.mu.Unlock()
			writeOK(w, []telegram.Update{})
			return
		}
	}
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

func writeOK(w http.ResponseWriter, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"ok": true, "result": result})
}

func writeErr(w http.ResponseWriter, code int, desc string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]any{"ok": false, "error_code": code, "description": desc})
}
