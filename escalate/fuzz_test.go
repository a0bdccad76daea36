package escalate

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stophook/stophook/internal/telegram"
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
		var ups []telegram.Update
		if json.Unmarshal([]byte(data), &ups) != nil {
			return
		}
		for _, u := range ups {
			ans, cbID, ok := match(u, 42, 100, "abc")
			if !ok {
				if ans != (Answer{}) || cbID != "" {
					t.Fatalf("no match but got %+v %q", ans, cbID)
				}
				continue
			}
			switch ans.Kind {
			case Continue, LetStop:
				if u.CallbackQuery == nil || u.CallbackQuery.Message.Chat.ID != 42 || cbID != u.CallbackQuery.ID {
					t.Fatalf("button answer from a wrong update: %+v", u)
				}
			case Reply:
				m := u.Message
				if m == nil || m.Chat.ID != 42 || m.ReplyToMessage.MessageID != 100 {
					t.Fatalf("reply from a wrong update: %+v", u)
				}
				if ans.Text == "" || !utf8.ValidString(ans.Text) || utf8.RuneCountInString(ans.Text) > MaxReplyRunes {
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

// FuzzFormat checks the message invariants for any request text.
func FuzzFormat(f *testing.F) {
	f.Add("label", "summary", "last message", "Edit(a.go)")
	f.Add("", "", "", "")
	f.Add("\xff\x00", strings.Repeat("😀", 3000), strings.Repeat("\n", 900), strings.Repeat("x", 700))
	f.Fuzz(func(t *testing.T, label, summary, last, tool string) {
		got := Format(Request{Label: label, Summary: summary, LastMessage: last, RecentTools: []string{tool, tool}}, Footer)
		if UTF16Len(got) > MaxMessageLen {
			t.Fatalf("message of %d UTF-16 units", UTF16Len(got))
		}
		if !utf8.ValidString(got) {
			t.Fatal("invalid UTF-8")
		}
		if !strings.HasPrefix(got, "🛑 Agent stopped — ") || !strings.HasSuffix(got, Footer) {
			t.Fatalf("missing title or footer: %q", got)
		}
		if title, _, _ := strings.Cut(got, "\n"); strings.ContainsAny(title, "\r\t") {
			t.Fatalf("title spans lines: %q", title)
		}
	})
}
