package telegram

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/escalate/internal/plain"
	botapi "github.com/stophook/stophook/internal/telegram"
)

// FuzzMatch feeds arbitrary getUpdates results to the answer matcher: it
// must not panic, and what it accepts must come from the right chat and be
// clean, bounded text.
func FuzzMatch(f *testing.F) {
	f.Add(`[{"update_id":1,"message":{"message_id":5,"chat":{"id":42},"text":"go on","reply_to_message":{"message_id":100,"chat":{"id":42}}}}]`)
	f.Add(`[{"update_id":2,"callback_query":{"id":"q","from":{"id":42},"data":"sh:abc:c","message":{"message_id":100,"chat":{"id":42}}}}]`)
	f.Add(`[{"update_id":3,"callback_query":{"id":"q","data":"sh:abc:s","message":{"message_id":100,"chat":{"id":7}}}}]`)
	f.Add(`[{"update_id":4,"message":{"message_id":5,"chat":{"id":42},"text":"\u0000\u202e","reply_to_message":{"message_id":100}}}]`)
	f.Add(`[{"update_id":5}, {"message":null}, {"callback_query":{"data":"sh:"}}]`)
	f.Fuzz(func(t *testing.T, data string) {
		var ups []botapi.Update
		if json.Unmarshal([]byte(data), &ups) != nil {
			return
		}
		for _, u := range ups {
			ans, cbID, ok := match(u, 42, 100, "abc")
			if !ok {
				if ans != (escalate.Answer{}) || cbID != "" {
					t.Fatalf("no match but got %+v %q", ans, cbID)
				}
				continue
			}
			switch ans.Kind {
			case escalate.Continue, escalate.LetStop:
				if u.CallbackQuery == nil || u.CallbackQuery.Message.Chat.ID != 42 || cbID != u.CallbackQuery.ID {
					t.Fatalf("button answer from a wrong update: %+v", u)
				}
			case escalate.Reply:
				m := u.Message
				if m == nil || m.Chat.ID != 42 || m.ReplyToMessage.MessageID != 100 {
					t.Fatalf("reply from a wrong update: %+v", u)
				}
				if ans.Text == "" || !utf8.ValidString(ans.Text) || utf8.RuneCountInString(ans.Text) > plain.MaxReplyRunes {
					t.Fatalf("bad reply text %q", ans.Text)
				}
				if strings.IndexFunc(ans.Text, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }) >= 0 {
					t.Fatalf("control character in reply %q", ans.Text)
				}
			default:
				t.Fatalf("unexpected kind %v", ans.Kind)
			}
		}
	})
}
