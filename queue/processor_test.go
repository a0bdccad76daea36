package queue

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/safefile"
	"github.com/stophook/stophook/stophooktest"
)

const sess = "warden-main-4"

func handle(t *testing.T, p *Processor, in stophook.Input) outcome {
	t.Helper()
	out, err := p.handle(ctxT(t), sess, in)
	require.NoError(t, err)
	return out
}

func TestDriveWritesQueueAndTypesFirst(t *testing.T) {
	t.Parallel()
	p, r := newProcessor(t)
	q, err := p.Drive(ctxT(t), sess, []string{"/clear", "/gsd:plan-phase 3"}, stophooktest.T0)
	require.NoError(t, err)
	assert.Equal(t, []string{sess + ": /clear"}, r.Typed())

	disk, err := p.Dir.Load(sess)
	require.NoError(t, err)
	assert.Equal(t, q, disk)
	assert.Equal(t, Active, disk.Commands[0].Status)
	assert.Equal(t, Awaits{Hook: "SessionStart", Sub: "clear"}, disk.Commands[0].Awaits)
	assert.Equal(t, Pending, disk.Commands[1].Status)
	assert.Equal(t, Awaits{Hook: "Stop"}, disk.Commands[1].Awaits)

	raw, err := os.ReadFile(filepath.Join(p.Dir.Path(), "queue-warden-main-4.json"))
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"awaits": {
        "hook": "Stop",
        "sub": null
      }`)
	assert.Contains(t, string(raw), `"result": null`)
}

func TestDriveRefuses(t *testing.T) {
	t.Parallel()
	check := func(cmds []string) error {
		for _, c := range cmds {
			if c == "/nope" {
				return errUnknownCommand
			}
		}
		return nil
	}
	for name, tc := range map[string]struct {
		cmds []string
		want error
	}{
		"no commands":     {nil, nil},
		"blank command":   {[]string{"/clear", "  "}, nil},
		"multi-line":      {[]string{"a\nb"}, nil},
		"unknown command": {[]string{"/clear", "/nope"}, errUnknownCommand},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, r := newProcessor(t)
			p.Checker = checkerFunc(check)
			_, err := p.Drive(ctxT(t), sess, tc.cmds, stophooktest.T0)
			require.Error(t, err)
			if tc.want != nil {
				assert.ErrorIs(t, err, tc.want)
			}
			assert.Empty(t, r.Typed())
			_, err = p.Dir.Load(sess)
			assert.ErrorIs(t, err, ErrNoQueue)
		})
	}
}

type checkerFunc func([]string) error

func (f checkerFunc) Check(c []string) error { return f(c) }

func TestDriveBusy(t *testing.T) {
	t.Parallel()
	p, r := newProcessor(t)
	_, err := p.Drive(ctxT(t), sess, []string{"a"}, stophooktest.T0)
	require.NoError(t, err)
	_, err = p.Drive(ctxT(t), sess, []string{"b"}, stophooktest.T0)
	assert.ErrorIs(t, err, errBusy)
	assert.Equal(t, []string{sess + ": a"}, r.Typed())

	_, err = p.Cancel(ctxT(t), sess)
	require.NoError(t, err)
	_, err = p.Drive(ctxT(t), sess, []string{"b"}, stophooktest.T0)
	require.NoError(t, err)
}

func TestDriveTypeFailureRemovesQueue(t *testing.T) {
	t.Parallel()
	p, r := newProcessor(t)
	r.onType = func(context.Context, string, string) error { return errors.New("no such session") }
	_, err := p.Drive(ctxT(t), sess, []string{"a"}, stophooktest.T0)
	require.ErrorContains(t, err, "no such session")
	_, err = p.Dir.Load(sess)
	assert.ErrorIs(t, err, ErrNoQueue)
}

// TestFullQueue walks the e2e scenario: /clear, then two prompts, each
// advanced by its own event, ending in a queue-complete wake.
func TestFullQueue(t *testing.T) {
	t.Parallel()
	p, r := newProcessor(t)
	_, err := p.Drive(ctxT(t), sess, []string{"/clear", "first task", "second task"}, stophooktest.T0)
	require.NoError(t, err)

	// /clear fires SessionEnd(clear), then SessionStart(clear).
	out := handle(t, p, at(stophooktest.SessionEnd("clear"), 1*time.Second))
	assert.Equal(t, actWaiting, out.action)
	out = handle(t, p, at(stophooktest.SessionStart("clear"), 2*time.Second))
	assert.Equal(t, actAdvanced, out.action)
	assert.Equal(t, "first task", out.Typed)
	assert.Nil(t, out.Queue.Commands[0].Result, "/clear has no result")

	out = handle(t, p, at(stophooktest.UserPromptSubmit("first task"), 3*time.Second))
	assert.Equal(t, actOwnPrompt, out.action)
	out = handle(t, p, at(stophooktest.Stop("did the first"), 4*time.Second))
	assert.Equal(t, actAdvanced, out.action)
	assert.Equal(t, "second task", out.Typed)

	out = handle(t, p, at(stophooktest.UserPromptSubmit("second task"), 5*time.Second))
	assert.Equal(t, actOwnPrompt, out.action)
	out = handle(t, p, at(stophooktest.Stop("did the second"), 6*time.Second))
	assert.Equal(t, actCompleted, out.action)

	assert.Equal(t, []string{sess + ": /clear", sess + ": first task", sess + ": second task"}, r.Typed())
	_, err = p.Dir.Load(sess)
	assert.ErrorIs(t, err, ErrNoQueue, "a completed queue is no longer active")

	done, err := loadFile(filepath.Join(p.Dir.Path(), "queue-warden-main-4.done.json"))
	require.NoError(t, err)
	assert.Equal(t, queueCompleted, done.Status)

	wakes := r.Wakes()
	require.Len(t, wakes, 1)
	w := wakes[0]
	assert.Equal(t, "queue-complete", w.Event)
	assert.Equal(t, sess, w.Session)
	assert.Equal(t, "3/3 commands completed", w.Summary)
	require.Len(t, w.Commands, 3)
	assert.Equal(t, "did the first", *w.Commands[1].Result)
	assert.Equal(t, "did the second", *w.Commands[2].Result)
	assert.Equal(t, stophooktest.T0.Add(6*time.Second), *w.Commands[2].CompletedAt)
	for _, c := range w.Commands {
		assert.Equal(t, Done, c.Status)
	}

	// The payload starts as the seed says.
	b, err := json.Marshal(w)
	require.NoError(t, err)
	assert.True(t, bytes.HasPrefix(b, []byte(`{"event":"queue-complete","session":"warden-main-4",`)), string(b))

	// The next Stop finds no queue: a first wake.
	out = handle(t, p, at(stophooktest.Stop("anything else?"), 7*time.Second))
	assert.Equal(t, actWoke, out.action)
}

func TestNoMatchChangesNothing(t *testing.T) {
	t.Parallel()
	p, r := newProcessor(t)
	_, err := p.Drive(ctxT(t), sess, []string{"/clear", "x"}, stophooktest.T0)
	require.NoError(t, err)
	file, _ := p.Dir.File(sess)
	before, _ := os.ReadFile(file)
	for _, in := range []stophook.Input{
		stophooktest.Stop("a reply"),
		stophooktest.SessionStart("compact"),
		stophooktest.SessionStart("resume"),
		stophooktest.SubagentStop("sub"),
		stophooktest.SessionEnd("clear"),
	} {
		out := handle(t, p, at(in, time.Second))
		assert.Equal(t, actWaiting, out.action, in.HookEventName)
	}
	after, _ := os.ReadFile(file)
	assert.Equal(t, string(before), string(after))
	assert.Len(t, r.Typed(), 1)
	assert.Empty(t, r.Wakes())
}

func TestManualPromptCancels(t *testing.T) {
	t.Parallel()
	p, r := newProcessor(t)
	_, err := p.Drive(ctxT(t), sess, []string{"first task", "/gsd:plan-phase 3", "third"}, stophooktest.T0)
	require.NoError(t, err)
	require.Equal(t, actOwnPrompt, handle(t, p, stophooktest.UserPromptSubmit("first task")).action)
	require.Equal(t, actAdvanced, handle(t, p, stophooktest.Stop("one")).action)
	require.Equal(t, actOwnPrompt, handle(t, p, stophooktest.UserPromptSubmit("/gsd:plan-phase 3")).action)

	// The user types while command 2 runs.
	out := handle(t, p, stophooktest.UserPromptSubmit("what time is it?"))
	assert.Equal(t, actCancelled, out.action)
	_, err = p.Dir.Load(sess)
	assert.ErrorIs(t, err, ErrNoQueue)
	stale, err := loadFile(filepath.Join(p.Dir.Path(), "queue-warden-main-4.stale.json"))
	require.NoError(t, err)
	assert.Equal(t, QueueCancelled, stale.Status)
	assert.Equal(t, 1, stale.doneCount())

	wakes := r.Wakes()
	require.Len(t, wakes, 1)
	assert.Equal(t, "queue-cancelled", wakes[0].Event)
	assert.Equal(t, `Queue cancelled by manual input. Completed: 1/3. Remaining: ["/gsd:plan-phase 3","third"]`, wakes[0].Message)
	assert.Equal(t, "what time is it?", wakes[0].Prompt)

	// The Stop ending that turn finds no queue and must not be a first wake.
	out = handle(t, p, stophooktest.Stop("reply to both"))
	assert.Equal(t, actSkipped, out.action)
	assert.Len(t, r.Wakes(), 1)
	// Later stops wake again.
	out = handle(t, p, stophooktest.Stop("next reply"))
	assert.Equal(t, actWoke, out.action)
}

// Measured in the TUI: the manual prompt's UserPromptSubmit carries the
// running turn's prompt_id; that turn's Stop is skipped, the Stop of the
// person's own turn (a new prompt_id) wakes the brain.
func TestCancelMarkerMatchesPromptID(t *testing.T) {
	t.Parallel()
	withID := func(in stophook.Input, id string) stophook.Input { in.PromptID = id; return in }
	p, r := newProcessor(t)
	_, err := p.Drive(ctxT(t), sess, []string{"first task", "second task"}, stophooktest.T0)
	require.NoError(t, err)
	require.Equal(t, actOwnPrompt, handle(t, p, withID(stophooktest.UserPromptSubmit("first task"), "turn-1")).action)
	require.Equal(t, actCancelled, handle(t, p, withID(stophooktest.UserPromptSubmit("what time is it?"), "turn-1")).action)
	assert.Equal(t, actSkipped, handle(t, p, withID(stophooktest.Stop("Reply to the first task."), "turn-1")).action)
	out := handle(t, p, withID(stophooktest.Stop("It is noon."), "turn-2"))
	assert.Equal(t, actWoke, out.action)
	assert.Equal(t, "It is noon.", out.Wake.LastAssistantMessage)

	// An interrupted turn never stops: the next turn's Stop is not skipped.
	_, err = p.Drive(ctxT(t), sess, []string{"third task"}, stophooktest.T0)
	require.NoError(t, err)
	require.Equal(t, actCancelled, handle(t, p, withID(stophooktest.UserPromptSubmit("manual"), "turn-3")).action)
	assert.Equal(t, actWoke, handle(t, p, withID(stophooktest.Stop("x"), "turn-4")).action)
	assert.Len(t, r.Wakes(), 4)
}

func TestOwnPromptOnlyOnce(t *testing.T) {
	t.Parallel()
	p, _ := newProcessor(t)
	_, err := p.Drive(ctxT(t), sess, []string{"go on"}, stophooktest.T0)
	require.NoError(t, err)
	assert.Equal(t, actOwnPrompt, handle(t, p, stophooktest.UserPromptSubmit("go  on ")).action)
	// The same text a second time was typed by a person.
	assert.Equal(t, actCancelled, handle(t, p, stophooktest.UserPromptSubmit("go on")).action)
}

func TestManualPromptWhileClearPendingCancels(t *testing.T) {
	t.Parallel()
	p, _ := newProcessor(t)
	_, err := p.Drive(ctxT(t), sess, []string{"/clear", "x"}, stophooktest.T0)
	require.NoError(t, err)
	// /clear fires no UserPromptSubmit: any prompt now is manual.
	assert.Equal(t, actCancelled, handle(t, p, stophooktest.UserPromptSubmit("hello")).action)
}

func TestCancelMarkerIgnoredAcrossSessionStart(t *testing.T) {
	t.Parallel()
	p, _ := newProcessor(t)
	_, err := p.Drive(ctxT(t), sess, []string{"a", "b"}, stophooktest.T0)
	require.NoError(t, err)
	require.Equal(t, actCancelled, handle(t, p, stophooktest.UserPromptSubmit("manual")).action)
	handle(t, p, stophooktest.SessionStart("clear"))
	assert.Equal(t, actWoke, handle(t, p, stophooktest.Stop("reply")).action)
}

func TestStaleCleanupOnStartup(t *testing.T) {
	t.Parallel()
	p, r := newProcessor(t)
	out := handle(t, p, stophooktest.SessionStart("startup"))
	assert.Equal(t, actIgnored, out.action, "clean start")
	assert.Empty(t, r.Wakes())

	_, err := p.Drive(ctxT(t), sess, []string{"a", "b"}, stophooktest.T0)
	require.NoError(t, err)
	out = handle(t, p, stophooktest.SessionStart("startup"))
	assert.Equal(t, actStale, out.action)
	_, err = p.Dir.Load(sess)
	assert.ErrorIs(t, err, ErrNoQueue)
	stale, err := loadFile(filepath.Join(p.Dir.Path(), "queue-warden-main-4.stale.json"))
	require.NoError(t, err)
	assert.Equal(t, queueStale, stale.Status)
	require.Len(t, r.Wakes(), 1)
	assert.Equal(t, "queue-stale", r.Wakes()[0].Event)
	assert.Equal(t, "Previous session had unfinished queue", r.Wakes()[0].Message)
}

func TestFirstWakeFiltering(t *testing.T) {
	t.Parallel()
	active := stophooktest.Stop("reply")
	active.StopHookActive = true
	for name, tc := range map[string]struct {
		in       stophook.Input
		session  string
		want     action
		wantWake bool
	}{
		"first stop":       {stophooktest.Stop("Done. Next: /gsd:plan-phase 3 then /clear"), sess, actWoke, true},
		"stop_hook_active": {active, sess, actSkipped, false},
		"empty message":    {stophooktest.Stop("  \n"), sess, actSkipped, false},
		"unregistered":     {stophooktest.Stop("reply"), "other", actWoke, false},
		"subagent stop":    {stophooktest.SubagentStop("x"), sess, actIgnored, false},
		"user prompt":      {stophooktest.UserPromptSubmit("hi"), sess, actIgnored, false},
		"session start":    {stophooktest.SessionStart("clear"), sess, actIgnored, false},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, r := newProcessor(t)
			p.Registry = registryFunc(func(_ context.Context, s string) (json.RawMessage, bool, error) {
				return json.RawMessage(`{"agent":"warden"}`), s == sess, nil
			})
			out, err := p.handle(ctxT(t), tc.session, tc.in)
			require.NoError(t, err)
			assert.Equal(t, tc.want, out.action, out.Why)
			if !tc.wantWake {
				assert.Empty(t, r.Wakes())
				return
			}
			require.Len(t, r.Wakes(), 1)
			w := r.Wakes()[0]
			assert.Equal(t, "stop", w.Event)
			assert.JSONEq(t, `{"agent":"warden"}`, string(w.Agent))
			assert.Equal(t, []string{"/gsd:plan-phase 3", "/clear"}, w.SuggestedCommands)
			assert.Equal(t, defaultStopPrompt, w.Instructions)
			b, _ := json.Marshal(w)
			s := string(b)
			assert.Less(t, strings.Index(s, `"session"`), strings.Index(s, `"last_assistant_message"`), "metadata first")
			assert.Less(t, strings.Index(s, `"suggested_commands"`), strings.Index(s, `"instructions"`), "instructions last")
		})
	}
}

func TestStopPromptReadAtCallTime(t *testing.T) {
	t.Parallel()
	p, r := newProcessor(t)
	p.StopPrompt = filepath.Join(t.TempDir(), "prompt_stop.md")
	require.NoError(t, os.WriteFile(p.StopPrompt, []byte("v1"), 0o600))
	handle(t, p, stophooktest.Stop("a"))
	require.NoError(t, os.WriteFile(p.StopPrompt, []byte("v2"), 0o600))
	handle(t, p, stophooktest.Stop("b"))
	require.NoError(t, os.Remove(p.StopPrompt))
	handle(t, p, stophooktest.Stop("c"))
	var got []string
	for _, w := range r.Wakes() {
		got = append(got, w.Instructions)
	}
	assert.Equal(t, []string{"v1", "v2", defaultStopPrompt}, got)
}

func TestMalformedQueueMovedAside(t *testing.T) {
	t.Parallel()
	for name, content := range map[string]string{
		"not json":       "{not json",
		"no commands":    `{"commands":[]}`,
		"two active":     `{"commands":[{"id":1,"command":"a","status":"active","awaits":{"hook":"Stop"}},{"id":2,"command":"b","status":"active","awaits":{"hook":"Stop"}}]}`,
		"unknown status": `{"commands":[{"id":1,"command":"a","status":"weird","awaits":{"hook":"Stop"}}]}`,
		"trailing data":  `{"commands":[{"id":1,"command":"a","status":"active","awaits":{"hook":"Stop"}}]} {}`,
		"wrong type":     `{"commands":"a"}`,
		"awaits nothing": `{"commands":[{"id":1,"command":"a","status":"active","awaits":{"hook":""}}]}`,
		"multi-line":     `{"commands":[{"id":1,"command":"a\nrm -rf /","status":"active","awaits":{"hook":"Stop"}}]}`,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, r := newProcessor(t)
			file, _ := p.Dir.File(sess)
			require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o700))
			require.NoError(t, os.WriteFile(file, []byte(content), 0o600))

			out := handle(t, p, stophooktest.Stop("reply"))
			assert.Equal(t, actWoke, out.action, "no usable queue: a first wake")
			assert.Len(t, r.Wakes(), 1)
			_, err := os.Stat(file)
			assert.ErrorIs(t, err, os.ErrNotExist)
			aside, _ := filepath.Glob(filepath.Join(p.Dir.Path(), "queue-warden-main-4.corrupt-*.json"))
			require.Len(t, aside, 1)
			kept, _ := os.ReadFile(aside[0])
			assert.Equal(t, content, string(kept), "not lost")
		})
	}
}

func TestTwoSessionsNeverTouchEachOther(t *testing.T) {
	t.Parallel()
	p, r := newProcessor(t)
	_, err := p.Drive(ctxT(t), "alpha", []string{"a1", "a2"}, stophooktest.T0)
	require.NoError(t, err)
	_, err = p.Drive(ctxT(t), "beta", []string{"b1", "b2"}, stophooktest.T0)
	require.NoError(t, err)
	bFile, _ := p.Dir.File("beta")
	before, _ := os.ReadFile(bFile)

	out, err := p.handle(ctxT(t), "alpha", stophooktest.Stop("alpha reply"))
	require.NoError(t, err)
	assert.Equal(t, actAdvanced, out.action)
	out, err = p.handle(ctxT(t), "alpha", stophooktest.UserPromptSubmit("manual"))
	require.NoError(t, err)
	assert.Equal(t, actCancelled, out.action)
	out, err = p.handle(ctxT(t), "alpha", stophooktest.SessionStart("startup"))
	require.NoError(t, err)

	after, _ := os.ReadFile(bFile)
	assert.Equal(t, string(before), string(after))
	b, err := p.Dir.Load("beta")
	require.NoError(t, err)
	assert.Equal(t, 0, b.doneCount())
	assert.Equal(t, []string{"alpha: a1", "beta: b1", "alpha: a2"}, r.Typed())
	for _, w := range r.Wakes() {
		assert.Equal(t, "alpha", w.Session)
	}
}

// TestTypingWithoutLock types the next command from inside a Stop hook the
// way Claude Code does: the UserPromptSubmit of the typed text is handled
// before Type returns. Holding the lock while typing would deadlock here.
func TestTypingWithoutLock(t *testing.T) {
	t.Parallel()
	p, r := newProcessor(t)
	var inner []action
	r.onType = func(ctx context.Context, session, text string) error {
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		out, err := p.handle(ctx, session, stophooktest.UserPromptSubmit(text))
		if err != nil {
			return err
		}
		inner = append(inner, out.action)
		return nil
	}
	_, err := p.Drive(ctxT(t), sess, []string{"one", "two"}, stophooktest.T0)
	require.NoError(t, err)
	out := handle(t, p, stophooktest.Stop("r1"))
	assert.Equal(t, actAdvanced, out.action)
	assert.Equal(t, []action{actOwnPrompt, actOwnPrompt}, inner)
	q, err := p.Dir.Load(sess)
	require.NoError(t, err)
	assert.NotNil(t, q.Commands[1].PromptSeenAt)
}

func TestTypeErrorWhileAdvancing(t *testing.T) {
	t.Parallel()
	p, r := newProcessor(t)
	_, err := p.Drive(ctxT(t), sess, []string{"one", "two"}, stophooktest.T0)
	require.NoError(t, err)
	r.onType = func(context.Context, string, string) error { return errors.New("pane gone") }
	out, err := p.handle(ctxT(t), sess, stophooktest.Stop("r1"))
	require.ErrorContains(t, err, "pane gone")
	assert.Equal(t, actAdvanced, out.action)
	q, err := p.Dir.Load(sess)
	require.NoError(t, err)
	assert.Contains(t, q.Commands[1].Error, "pane gone")
	require.Len(t, r.Wakes(), 1)
	assert.Equal(t, "queue-error", r.Wakes()[0].Event)
}

func TestResumeAfterCrashBetweenDoneAndActive(t *testing.T) {
	t.Parallel()
	p, r := newProcessor(t)
	q, err := newQueue(sess, []string{"a", "b"}, Mapping{}, stophooktest.T0)
	require.NoError(t, err)
	q.Commands[0].Status = Done
	require.NoError(t, p.Dir.save(sess, q))
	out := handle(t, p, stophooktest.Stop("x"))
	assert.Equal(t, actAdvanced, out.action)
	assert.Equal(t, []string{sess + ": b"}, r.Typed())
}

func TestCrashBetweenTmpAndRenameKeepsOldFile(t *testing.T) {
	p, _ := newProcessor(t)
	_, err := p.Drive(ctxT(t), sess, []string{"one", "two"}, stophooktest.T0)
	require.NoError(t, err)
	file, _ := p.Dir.File(sess)
	before, _ := os.ReadFile(file)

	// A writer that dies after writing its temporary file, before the rename.
	writeFile = func(path string, data []byte, perm os.FileMode) error {
		tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp-crash")
		if err := os.WriteFile(tmp, data[:len(data)/2], perm); err != nil {
			return err
		}
		return errors.New("crash")
	}
	t.Cleanup(func() { writeFile = safefile.WriteAtomic })

	_, err = p.handle(ctxT(t), sess, stophooktest.Stop("r1"))
	require.ErrorContains(t, err, "crash")
	after, _ := os.ReadFile(file)
	assert.Equal(t, string(before), string(after), "the old queue survives")

	writeFile = safefile.WriteAtomic
	out := handle(t, p, stophooktest.Stop("r1"))
	assert.Equal(t, actAdvanced, out.action, "the leftover temporary file is ignored")
}

func TestHostileSessionNames(t *testing.T) {
	t.Parallel()
	names := []string{
		"../../etc/passwd", "..", ".", "/abs/path", `a\b`, "a/b", "x.stale", "x\x00y",
		"queue-x", "~root", "%2E%2E", "名前", " ", strings.Repeat("a/", 200), "$(rm -rf /)",
	}
	p, _ := newProcessor(t)
	dir := p.Dir.Path()
	seen := map[string]string{}
	for _, n := range names {
		_, err := p.Drive(ctxT(t), n, []string{"a"}, stophooktest.T0)
		require.NoError(t, err, "%q", n)
		file, err := p.Dir.File(n)
		require.NoError(t, err)
		assert.Equal(t, dir, filepath.Dir(file), "%q escapes", n)
		if prev, dup := seen[file]; dup {
			t.Errorf("%q and %q share %s", n, prev, file)
		}
		seen[file] = n
		out, err := p.handle(ctxT(t), n, stophooktest.UserPromptSubmit("manual"))
		require.NoError(t, err)
		assert.Equal(t, actCancelled, out.action)
	}
	_, err := p.Drive(ctxT(t), "", []string{"a"}, stophooktest.T0)
	assert.ErrorIs(t, err, errInvalidName)

	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() == ".locks" || e.Name() == ".gitignore" {
			continue
		}
		assert.True(t, strings.HasPrefix(e.Name(), "queue-"), e.Name())
	}
	assert.NoFileExists(t, filepath.Join(filepath.Dir(dir), "passwd"))
}

func TestSamePrompt(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		prompt, command string
		want            bool
	}{
		{"first task", "first task", true},
		{" first   task\t", "first task", true},
		{"/gsd:plan-phase 3", "/gsd:plan-phase 3", true},
		{"/gsd:plan-phase 3", "/gsd:plan 3", true},
		{"/gsd:plan-phase 4", "/gsd:plan-phase 3", false},
		{"first", "first task", false},
		{"", "x", false},
		{"what time is it?", "first task", false},
	} {
		assert.Equal(t, tc.want, samePrompt(tc.prompt, tc.command), "%q vs %q", tc.prompt, tc.command)
	}
}

func TestAwaitsMapping(t *testing.T) {
	t.Parallel()
	m := Mapping{Rules: append(slices.Clone(DefaultRules),
		Rule{Pattern: "/compact", Awaits: Awaits{Hook: "SessionStart", Sub: "compact"}},
		Rule{Pattern: "/ship:*", Awaits: Awaits{Hook: "Notification", Sub: "idle_prompt"}})}
	for cmd, want := range map[string]Awaits{
		"/clear":            {Hook: "SessionStart", Sub: "clear"},
		"  /clear  ":        {Hook: "SessionStart", Sub: "clear"},
		"/clearly":          {Hook: "Stop"},
		"/compact now":      {Hook: "SessionStart", Sub: "compact"},
		"/ship:it v2":       {Hook: "Notification", Sub: "idle_prompt"},
		"/gsd:plan-phase 3": {Hook: "Stop"},
		"fix the bug":       {Hook: "Stop"},
	} {
		assert.Equal(t, want, m.Awaits(cmd), cmd)
	}
	assert.Equal(t, Awaits{Hook: "SessionStart", Sub: "clear"}, Mapping{}.Awaits("/clear"))
	assert.True(t, Awaits{Hook: "SessionStart", Sub: "clear"}.matches(stophooktest.SessionStart("clear")))
	assert.False(t, Awaits{Hook: "SessionStart", Sub: "clear"}.matches(stophooktest.SessionStart("startup")))
	assert.True(t, Awaits{Hook: "Stop"}.matches(stophooktest.Stop("")))
	assert.False(t, Awaits{}.matches(stophooktest.Stop("")))
}

func TestParseSeedQueue(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("testdata/seed-queue.json")
	require.NoError(t, err)
	q, err := parseQueue(b)
	require.NoError(t, err)
	assert.Equal(t, 0, q.Active())
	assert.Equal(t, Awaits{Hook: "SessionStart", Sub: "clear"}, q.Commands[0].Awaits)
	assert.Equal(t, Awaits{Hook: "Stop"}, q.Commands[1].Awaits)
	assert.Equal(t, []string{"/clear", "/gsd:plan-phase 3"}, q.remaining())
}
