package main

import (
	"errors"
	"github.com/stophook/stophook/escalate"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/escalate/deferred"
	"github.com/stophook/stophook/escalate/telegram"
)

// withDeferred makes esc ask without waiting (-deferred) and returns the
// policies with the asker first, so that it sees the UserPromptSubmit and
// SessionEnd that cancel a pending question.
func (c claudeConfig) withDeferred(policies []stophook.Policy, esc *escalate.Escalation, tg *telegram.Notifier, state string) []stophook.Policy {
	if !c.Deferred || esc == nil || tg == nil {
		return policies
	}
	asker := &deferred.Asker{Channel: deferred.Telegram(tg), StateDir: state, Wait: c.DeferredWait}
	esc.Defer = asker
	return append([]stophook.Policy{asker}, policies...)
}

// telegramChannel is the deferred waiter's channel: the Telegram bot of
// the hook's environment, inherited by the waiter.
func telegramChannel() (deferred.Channel, error) {
	tg, ok, err := telegram.FromEnv()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("autopilot: TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are not set")
	}
	return deferred.Telegram(tg), nil
}
