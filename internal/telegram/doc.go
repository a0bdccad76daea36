// Package telegram is the small part of the Telegram Bot API that stophook
// uses: [Client.SendMessage] with an inline keyboard, [Client.GetUpdates]
// (long polling), [Client.AnswerCallbackQuery] and [Client.EditMessageText].
//
// # Why not a library
//
// Four methods and a handful of types do not justify a dependency; this
// package is plain net/http and encoding/json.
//
// # Secrets
//
// The bot token is part of every request URL (https://api.telegram.org/bot<token>/method).
// net/http puts the URL into its errors, so every error returned here has the
// token replaced by "<token>"; the token is never logged.
package telegram
