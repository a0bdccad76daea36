// Package telegram asks a human on Telegram whether a stopping agent should
// continue: [Notifier] is an escalate.Notifier speaking the Bot API.
//
// # Flow
//
// [Notifier.Ask] sends the stop message (escalate.Format with
// escalate.Footer) to [Notifier.ChatID] with two inline buttons,
// "▶️ Continue" and "⏹️ Let stop", then long-polls getUpdates until a
// button press or a text reply to that message arrives from the chat, or
// its context ends. A reply (cleaned: control characters removed, cut to 2000 characters) sends the
// agent back to work with it; the message is then edited to show the
// outcome and lose its buttons.
//
// # Configuration
//
// [FromEnv] reads TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID and TELEGRAM_API_URL
// ([envToken], [envChatID], [envAPIURL]); [New] takes the token and chat
// id. The bot token is never logged and never appears in errors.
//
// # Several hooks, one bot
//
// A bot has one update queue, shared by every hook waiting on it. Ask only
// confirms (deletes) updates nobody else can be waiting for, so concurrent
// hooks each get their own answer; see [Notifier] for the limits.
//
// # Tests
//
// Package telegramtest is a fake Bot API to point [Notifier.BaseURL] at.
package telegram
