package hook

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/tidwall/gjson"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/jsonscan"
	"github.com/stophook/stophook/internal/textcut"
)

// defaultMaxTurnBlocks is the per-turn continuation budget when neither
// [Options.MaxTurnBlocks] nor the environment sets one: Claude Code's
// default block cap.
const defaultMaxTurnBlocks = 8

// maxTurnBlocksLimit bounds any configured budget, so that no setting can
// make a turn loop for ever.
const maxTurnBlocksLimit = 1000

// turnTTL is how long a turn record survives without a stop.
const turnTTL = 6 * time.Hour

// turnRecord counts the continuations of one session's current turn.
type turnRecord struct {
	Turn      string    `json:"turn,omitempty"`
	Blocks    int       `json:"blocks"`
	UpdatedAt time.Time `json:"updated_at"`
	// Continuation is the start of the text the last continuation fed
	// back. Gemini CLI, Qwen Code and Copilot CLI submit it as a prompt,
	// firing UserPromptSubmit, which must not reset the turn.
	Continuation string `json:"continuation,omitempty"`
}

// continuationPrefix is how many runes of a continuation's text a turn
// record keeps to recognise it when the host submits it as a prompt.
const continuationPrefix = 200

// maxTurnBlocks returns the budget: n when positive, else the
// environment's, else defaultMaxTurnBlocks, never above maxTurnBlocksLimit.
func maxTurnBlocks(n, fromEnv int) int {
	if n <= 0 {
		n = fromEnv
	}
	if n <= 0 {
		n = defaultMaxTurnBlocks
	}
	return min(n, maxTurnBlocksLimit)
}

// sessionTurnKey is the Store key of the main agent's turn record of a
// session.
func sessionTurnKey(session string) string { return "turn/" + session }

// turnKey is the Store key of a session's turn record; subagents count apart.
func turnKey(in *stophook.Input) string {
	if in.HookEventName == stophook.EventSubagentStop && in.AgentID != "" {
		return sessionTurnKey(in.SessionID) + "/agent/" + in.AgentID
	}
	return sessionTurnKey(in.SessionID)
}

// turnID names the current turn when the host says (prompt_id on Claude
// Code, turn_id on Codex); "" when it does not.
func turnID(in *stophook.Input) string {
	if in.PromptID != "" {
		return in.PromptID
	}
	return in.Field("turn_id")
}

// errNoState reports a turn whose count has nowhere to live: no session
// id, or no state directory (the input has no cwd and none was given).
var errNoState = errors.New("no session_id or state directory")

// turns keeps the per-turn continuation counts of [respond].
type turns struct {
	store stophook.Store
}

// begin returns how many times the current turn was already continued,
// or an error when the count could not be read; stored reports that the
// count is the store's (not the host's: Cursor's loop_count, or a first
// stop). top holds the payload's loop_count and stop_hook_active when its
// decoding read them.
func (t turns) begin(ctx context.Context, in *stophook.Input, top topFields) (n int, stored bool, err error) {
	loopField, activeField := top.fields(in.Raw)
	if loop, has := loopCount(loopField); has {
		return loop, false, nil // Cursor counts its own follow-ups
	}
	if hostSendsActive(in, activeField) && !in.StopHookActive {
		return 0, false, nil // the host says this is the turn's first stop
	}
	if in.SessionID == "" {
		return 0, false, errors.New("no session_id")
	}
	if t.store == nil {
		return 0, false, errNoState
	}
	data, err := t.store.Get(ctx, turnKey(in))
	if errors.Is(err, stophook.ErrNotFound) {
		return 0, true, nil
	}
	if err != nil {
		return 0, false, err
	}
	return blocksOf(data, in), true, nil
}

// blocksOf returns the continuations a stored turn record counts for the
// turn of in: 0 when it does not parse, is stale or is another turn's.
func blocksOf(data []byte, in *stophook.Input) int {
	var rec turnRecord
	if json.Unmarshal(data, &rec) != nil || rec.Blocks < 0 {
		return 0
	}
	if in.Time().Sub(rec.UpdatedAt) > turnTTL || (rec.Turn != "" && turnID(in) != "" && rec.Turn != turnID(in)) {
		return 0
	}
	return rec.Blocks
}

// errTurnBudget is [turns.end]'s when the turn reached its budget while
// the stop was being decided: another stop of the session continued it.
var errTurnBudget = errors.New("turn budget reached meanwhile")

// end records the outcome of a stop: a continuation counts, anything else
// ends the turn. Errors are returned for the caller to log; they never
// change the decision, but for errTurnBudget. When begin read blocks from
// the store (stored), a continuation is counted on the record as it is
// now: stops of one session decided at once (a burst sent to a server,
// or split across replicas) each read the count before any wrote it, and
// each wrote the same blocks+1. One that finds the count at limit writes
// nothing and returns errTurnBudget: its stop must be let through.
func (t turns) end(ctx context.Context, in *stophook.Input, blocks int, stored bool, limit int, continued bool, text string) error {
	if in.SessionID == "" || t.store == nil {
		if continued {
			return errNoState
		}
		return nil
	}
	if !continued {
		if blocks == 0 {
			return nil // nothing recorded for this turn: no write on the common path
		}
		return t.store.Delete(ctx, turnKey(in))
	}
	text = textcut.Runes(strings.TrimSpace(text), continuationPrefix, "")
	if stored {
		return t.store.Update(ctx, turnKey(in), func(old []byte) ([]byte, error) {
			n := blocks
			if old != nil {
				n = max(n, blocksOf(old, in))
			}
			if n >= limit {
				return nil, errTurnBudget
			}
			return json.Marshal(turnRecord{Turn: turnID(in), Blocks: n + 1, UpdatedAt: in.Time(), Continuation: text})
		})
	}
	rec := turnRecord{Turn: turnID(in), Blocks: blocks + 1, UpdatedAt: in.Time(), Continuation: text}
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	return t.store.Update(ctx, turnKey(in), func([]byte) ([]byte, error) { return data, nil })
}

// reset forgets the session's turn (UserPromptSubmit, SessionStart,
// SessionEnd).
//
// A UserPromptSubmit whose prompt is the text of the turn's last
// continuation is that continuation, submitted as a prompt by the host
// (Gemini CLI's BeforeAgent, Qwen Code, Copilot CLI): the turn goes on and
// keeps its count.
func (t turns) reset(ctx context.Context, in *stophook.Input) error {
	if in.SessionID == "" || t.store == nil {
		return nil
	}
	if in.HookEventName == stophook.EventUserPromptSubmit {
		prompt := strings.TrimSpace(in.Prompt)
		if prompt == "" {
			return nil // Qwen Code submits "" after a tool result: not a new prompt
		}
		data, err := t.store.Get(ctx, sessionTurnKey(in.SessionID))
		var rec turnRecord
		// Copilot CLI puts a <current_datetime> element before the text.
		if err == nil && json.Unmarshal(data, &rec) == nil && rec.Continuation != "" &&
			strings.Contains(prompt, rec.Continuation) {
			return nil
		}
	}
	return t.store.Delete(ctx, sessionTurnKey(in.SessionID))
}

// hostSendsActive reports whether the input carries stop_hook_active at
// all; field is in.Field("stop_hook_active").
func hostSendsActive(in *stophook.Input, field string) bool {
	if len(in.Raw) == 0 {
		return true // built in code: the field is what it says
	}
	return field != ""
}

// loopCount returns Cursor's loop_count when the input has one; field is
// in.Field("loop_count").
func loopCount(field string) (int, bool) {
	if field == "" {
		return 0, false
	}
	n, err := strconv.Atoi(field)
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}

// peekFields returns in.Field(k1) and in.Field(k2) for keys that are plain
// names (no gjson path syntax), reading raw in place: the strings may
// share raw's memory, so callers look at them and do not keep them. It
// reads the payload's top-level members once without allocating, and
// leaves to gjson (Input.Field) a payload that is not one valid JSON
// object or in which a key holds an escape;
// TestPeekFields and FuzzPeekFields hold the two to the same answers.
func peekFields(raw json.RawMessage, k1, k2 string) (v1, v2 string) {
	if len(raw) == 0 {
		return "", ""
	}
	s := unsafe.String(&raw[0], len(raw))
	var r1, r2 string
	f1, f2 := false, false
	if !jsonscan.Plain(s, func(k, v string) bool {
		switch {
		case !f1 && k == k1:
			r1, f1 = v, true
		case !f2 && k == k2:
			r2, f2 = v, true
		}
		return true
	}) {
		return gjson.Get(s, k1).String(), gjson.Get(s, k2).String()
	}
	if f1 {
		v1 = valueString(r1)
	}
	if f2 {
		v2 = valueString(r2)
	}
	return v1, v2
}

// valueString is gjson.Parse(v).String() for a raw JSON value v: what
// Input.Field returns for it. The literals every Claude Code Stop carries
// for stop_hook_active are their own text, without parsing.
func valueString(v string) string {
	if v == "false" || v == "true" {
		return v
	}
	return gjson.Parse(v).String()
}
