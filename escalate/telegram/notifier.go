package telegram

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/escalate/internal/plain"
	botapi "github.com/stophook/stophook/internal/telegram"
)

// Environment variables read by [FromEnv].
const (
	envToken  = "TELEGRAM_BOT_TOKEN"
	envChatID = "TELEGRAM_CHAT_ID"
	envAPIURL = "TELEGRAM_API_URL"
)

// Defaults of [Notifier].
const (
	defaultURL         = botapi.DefaultBaseURL
	defaultPollTimeout = 25 * time.Second
	defaultStaleAfter  = 15 * time.Minute
	// finishTimeout bounds the closing editMessageText after ctx has ended.
	finishTimeout = 5 * time.Second
	// retryDelay is the pause after a failed or conflicting getUpdates.
	retryDelay = time.Second
)

// Button labels and callback data suffixes.
const (
	continueButton = "▶️ Continue"
	letStopButton  = "⏹️ Let stop"
	callbackPrefix = "sh:"
)

// Notifier asks a human through a Telegram bot: it sends the stop message
// with two inline buttons and long-polls getUpdates for a button press or a
// text message replying to it. Only updates from ChatID count; button
// presses of other requests and replies to other messages are ignored.
//
// Several hooks may wait on one bot at once. A bot has a single update
// queue, and getUpdates deletes every update before the offset it is given,
// so Ask never moves the offset past an update that may be another hook's
// answer (see wait): a press of a stophook button is never confirmed by a
// waiter that does not own it, whatever its age (a deferred question waits
// hours, and Telegram does not say when a button was pressed); a reply is
// deleted once the reply itself is older than StaleAfter. Limits: Telegram ends a waiting getUpdates with 409 Conflict
// when another one starts, so concurrent hooks take turns (each retries
// after a second), and while other hooks' answers are pending each hook
// polls about once a second instead of long-polling. A webhook set on the
// bot makes getUpdates fail altogether.
type Notifier struct {
	// Token is the bot token from @BotFather. It is never logged and never
	// appears in errors.
	Token string
	// ChatID is the only chat whose answers count.
	ChatID int64
	// BaseURL is the Bot API root; default [defaultURL].
	BaseURL string
	// HTTPClient sends requests; default http.DefaultClient (ctx bounds calls).
	HTTPClient *http.Client
	// PollTimeout is the long-poll wait of one getUpdates; default
	// [defaultPollTimeout].
	PollTimeout time.Duration
	// StaleAfter is the age after which an unclaimed reply to the bot is
	// nobody's answer any more and may be deleted from the bot's queue;
	// default [defaultStaleAfter]. It is judged by the reply's own date: a
	// waiter polls all the time, so a reply its owner is waiting for is
	// taken within seconds. Button presses carry no date of their own and
	// are never deleted by a waiter that does not own them.
	StaleAfter time.Duration

	now func() time.Time // clock seam for tests; nil means time.Now
}

var _ escalate.Notifier = (*Notifier)(nil)

// New returns a Telegram notifier for the bot token and chat.
func New(token string, chatID int64) *Notifier {
	return &Notifier{Token: token, ChatID: chatID}
}

// FromEnv builds a Telegram notifier from TELEGRAM_BOT_TOKEN,
// TELEGRAM_CHAT_ID and TELEGRAM_API_URL. It reports false when the token or
// the chat id is unset, and an error when the chat id is not a number.
func FromEnv() (*Notifier, bool, error) {
	token := strings.TrimSpace(os.Getenv(envToken))
	chat := strings.TrimSpace(os.Getenv(envChatID))
	if token == "" || chat == "" {
		return nil, false, nil
	}
	id, err := strconv.ParseInt(chat, 10, 64)
	if err != nil {
		return nil, false, fmt.Errorf("telegram: %s %q is not a numeric chat id", envChatID, chat)
	}
	t := New(token, id)
	t.BaseURL = strings.TrimSpace(os.Getenv(envAPIURL))
	return t, true, nil
}

func (t *Notifier) client() *botapi.Client {
	return &botapi.Client{Token: t.Token, BaseURL: t.BaseURL, HTTPClient: t.HTTPClient}
}

// Ask implements [escalate.Notifier]: it sends the message, waits for the answer
// until ctx is done, then edits the message to show the outcome and remove
// the buttons.
func (t *Notifier) Ask(ctx context.Context, req escalate.Request) (escalate.Answer, error) {
	if t == nil || t.Token == "" || t.ChatID == 0 {
		return escalate.Answer{}, errors.New("telegram: token and chat id are required")
	}
	if !validCallbackID(req.ID) {
		req.ID = plain.NewRequestID()
	}
	c := t.client()
	text := escalate.Format(req, escalate.Footer)
	msg, err := c.SendMessage(ctx, t.ChatID, text, keyboard(req.ID))
	if err != nil {
		if ctx.Err() != nil {
			return escalate.Answer{Kind: escalate.Timeout}, nil
		}
		return escalate.Answer{}, err
	}
	ans, err := t.wait(ctx, c, msg.MessageID, req.ID)

	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), finishTimeout)
	defer cancel()
	// The answer stands even if the edit fails; it only leaves stale buttons.
	_ = c.EditMessageText(fctx, t.ChatID, msg.MessageID, outcomeText(text, ans, err), nil)
	return ans, err
}

// validCallbackID reports whether id fits callback data (at most 64
// bytes in all) and cannot be confused with the action suffix.
func validCallbackID(id string) bool {
	if id == "" || len(id) > 40 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func keyboard(id string) *botapi.InlineKeyboardMarkup {
	return &botapi.InlineKeyboardMarkup{InlineKeyboard: [][]botapi.InlineKeyboardButton{{
		{Text: continueButton, CallbackData: callbackPrefix + id + ":c"},
		{Text: letStopButton, CallbackData: callbackPrefix + id + ":s"},
	}}}
}

// wait long-polls until an answer to message msgID / request id arrives or
// ctx is done.
//
// Offsets: passing offset to getUpdates deletes every earlier update on the
// server, for every process polling the bot. So the offset only moves past
// updates nobody else can be waiting for: our own answer, updates that are
// no answer at all, and replies older than [Notifier.StaleAfter]. An update
// that may answer another waiting hook (a press of a stophook button, a
// recent reply to the bot) stays on the server for its owner; while
// such updates are pending, getUpdates returns at once, so the loop pauses
// a second between polls that bring nothing new.
func (t *Notifier) wait(ctx context.Context, c *botapi.Client, msgID int64, id string) (escalate.Answer, error) {
	poll := t.PollTimeout
	if poll <= 0 {
		poll = defaultPollTimeout
	}
	var (
		offset  int64 // first update id not confirmed
		newest  int64 // highest update id seen
		pending bool  // unconfirmed foreign updates hold the offset back
	)
	for {
		if ctx.Err() != nil {
			return escalate.Answer{Kind: escalate.Timeout}, nil
		}
		wait := poll
		if dl, ok := ctx.Deadline(); ok {
			wait = min(wait, time.Until(dl))
		}
		ups, err := c.GetUpdates(ctx, offset, wait)
		if err != nil {
			if ctx.Err() != nil {
				return escalate.Answer{Kind: escalate.Timeout}, nil
			}
			var apiErr *botapi.APIError
			if errors.As(err, &apiErr) && (apiErr.Code == http.StatusUnauthorized || apiErr.Code == http.StatusNotFound) {
				return escalate.Answer{}, err
			}
			delay := retryDelay
			if apiErr != nil && apiErr.RetryAfter > 0 {
				delay = time.Duration(apiErr.RetryAfter) * time.Second
			}
			if !sleep(ctx, delay) {
				return escalate.Answer{Kind: escalate.Timeout}, nil
			}
			continue
		}
		fresh := false
		pending = false
		for _, u := range ups {
			if u.UpdateID > newest {
				newest, fresh = u.UpdateID, true
			}
			ans, cbID, ok := match(u, t.ChatID, msgID, id)
			if ok {
				if !pending {
					offset = max(offset, u.UpdateID+1)
				}
				if cbID != "" {
					note := "Continuing"
					if ans.Kind == escalate.LetStop {
						note = "Letting it stop"
					}
					_ = c.AnswerCallbackQuery(context.WithoutCancel(ctx), cbID, note)
				}
				// Confirm what may be confirmed so the answer is not read again.
				cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), finishTimeout)
				_, _ = c.GetUpdates(cctx, offset, 0)
				cancel()
				return ans, nil
			}
			if !pending && !t.mayAnswerOthers(u) {
				offset = max(offset, u.UpdateID+1)
			} else {
				pending = true
			}
		}
		if pending && !fresh && !sleep(ctx, retryDelay) {
			return escalate.Answer{Kind: escalate.Timeout}, nil
		}
	}
}

// mayAnswerOthers reports whether u could be the answer another hook is
// waiting for: a press of a stophook button, whatever the age of the
// question (its message date says when the question was sent, not when
// the button was pressed, and a deferred question waits for hours), or a
// reply to a bot's message younger than StaleAfter by its own date.
func (t *Notifier) mayAnswerOthers(u botapi.Update) bool {
	stale := t.StaleAfter
	if stale <= 0 {
		stale = defaultStaleAfter
	}
	now := time.Now
	if t.now != nil {
		now = t.now
	}
	recent := func(unix int64) bool { return now().Sub(time.Unix(unix, 0)) < stale }
	if q := u.CallbackQuery; q != nil {
		return strings.HasPrefix(q.Data, callbackPrefix) && q.Message != nil
	}
	if m := u.Message; m != nil {
		// Any chat: another hook may use this bot with another chat.
		to := m.ReplyToMessage
		return to != nil && (to.From == nil || to.From.IsBot) && recent(m.Date)
	}
	return false
}

// match reports whether update u answers request id, sent as message msgID
// to chat chatID: a press of one of its buttons (then cbID is the callback
// query to acknowledge) or a non-empty text message in chatID replying to
// msgID. Updates from other chats, for other requests or messages, and
// malformed ones do not match.
func match(u botapi.Update, chatID, msgID int64, id string) (ans escalate.Answer, cbID string, ok bool) {
	if q := u.CallbackQuery; q != nil {
		if q.Message == nil || q.Message.Chat.ID != chatID || q.Message.MessageID != msgID || id == "" {
			return escalate.Answer{}, "", false
		}
		rest, found := strings.CutPrefix(q.Data, callbackPrefix+id+":")
		if !found {
			return escalate.Answer{}, "", false
		}
		from := "telegram:" + strconv.FormatInt(q.From.ID, 10)
		switch rest {
		case "c":
			return escalate.Answer{Kind: escalate.Continue, From: from}, q.ID, true
		case "s":
			return escalate.Answer{Kind: escalate.LetStop, From: from}, q.ID, true
		}
		return escalate.Answer{}, "", false
	}
	if m := u.Message; m != nil {
		if m.Chat.ID != chatID || m.ReplyToMessage == nil || m.ReplyToMessage.MessageID != msgID || msgID == 0 {
			return escalate.Answer{}, "", false
		}
		text := plain.CleanReply(m.Text)
		if text == "" {
			return escalate.Answer{}, "", false
		}
		from := "telegram:" + strconv.FormatInt(chatID, 10)
		if m.From != nil {
			from = "telegram:" + strconv.FormatInt(m.From.ID, 10)
		}
		return escalate.Answer{Kind: escalate.Reply, Text: text, From: from}, "", true
	}
	return escalate.Answer{}, "", false
}

// outcomeText is the message text after the wait: the original text with
// the footer replaced by the outcome.
func outcomeText(text string, a escalate.Answer, err error) string {
	var outcome string
	switch {
	case err != nil:
		outcome = "⚠️ Could not wait for an answer — let stop"
	case a.Kind == escalate.Reply:
		outcome = "✍️ Answered: " + plain.TruncateRunes(plain.OneLine(a.Text), 200)
	case a.Kind == escalate.Continue:
		outcome = "▶️ Continued"
	case a.Kind == escalate.LetStop:
		outcome = "⏹️ Let stop"
	default:
		outcome = "⌛ No answer — let stop"
	}
	body := strings.TrimSuffix(text, escalate.Footer)
	body = strings.TrimRight(body, "\n")
	room := plain.MaxMessageLen - plain.UTF16Len(outcome) - 2
	return plain.TruncateUTF16(body, room) + "\n\n" + outcome
}

// sleep waits d or until ctx is done; it reports whether d elapsed.
func sleep(ctx context.Context, d time.Duration) bool {
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-tm.C:
		return true
	case <-ctx.Done():
		return false
	}
}
