package escalate

import (
	"context"
	"encoding/json"
	"time"

	"github.com/stophook/stophook"
)

// ownBlock is what an [Escalation] notes when the human's answer (a text
// reply or Continue) continues the turn: the turn, and the count of
// continuations the turn's next stop carries when no other policy
// continued it in between.
type ownBlock struct {
	Turn   string    `json:"turn,omitempty"`
	Blocks int       `json:"blocks"`
	At     time.Time `json:"at"`
}

func ownBlockKey(session string) string { return "escalate-turn/" + session }

// turnOf names the input's turn when the host says (prompt_id on Claude
// Code, turn_id on Codex); "" when it does not.
func turnOf(in stophook.Input) string {
	if in.PromptID != "" {
		return in.PromptID
	}
	return in.Field("turn_id")
}

// noteOwnBlock records that this stop is continued by the human's answer.
// A failure to record only means the next stop is treated as continued by
// another policy.
func noteOwnBlock(ctx context.Context, store stophook.Store, in stophook.Input) {
	rec, err := json.Marshal(ownBlock{Turn: turnOf(in), Blocks: in.TurnBlocks + 1, At: in.Time()})
	if err == nil {
		_ = store.Update(ctx, ownBlockKey(in.SessionID), func([]byte) ([]byte, error) { return rec, nil })
	}
}

// lastBlockOwn reports whether the turn of in was last continued by this
// escalation's own answer: the recorded turn and continuation count match.
// On hosts that name no turn the count alone decides, and a stale match
// only means the human is asked once more.
func lastBlockOwn(ctx context.Context, store stophook.Store, in stophook.Input) bool {
	data, err := store.Get(ctx, ownBlockKey(in.SessionID))
	if err != nil {
		return false
	}
	var rec ownBlock
	if json.Unmarshal(data, &rec) != nil {
		return false
	}
	return rec.Blocks > 0 && rec.Blocks == in.TurnBlocks && rec.Turn == turnOf(in)
}
