package transcript_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook/internal/gentranscript"
	"github.com/stophook/stophook/transcript"
)

func ids(msgs []transcript.Message) []string {
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = m.Role + ":" + m.ID
	}
	return out
}

// crlfCopy writes a copy of a fixture with CRLF line endings.
func crlfCopy(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	p := filepath.Join(t.TempDir(), "crlf.jsonl")
	require.NoError(t, os.WriteFile(p, bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n")), 0o600))
	return p
}

func TestTail(t *testing.T) {
	t.Parallel()
	sessionLast3 := []string{"assistant:msg_06FFF", "user:5f0c0019-1111-4a2b-8c3d-000000000019", "assistant:msg_07GGG"}
	tests := []struct {
		name string
		path string
		n    int
		want []string
	}{
		{name: "last three", path: "testdata/session.jsonl", n: 3, want: sessionLast3},
		{name: "one", path: "testdata/session.jsonl", n: 1, want: sessionLast3[2:]},
		{name: "partial last line ignored", path: "testdata/partial.jsonl", n: 3, want: sessionLast3},
		{name: "CRLF", path: crlfCopy(t, "session.jsonl"), n: 3, want: sessionLast3},
		{name: "lagging transcript ends with the prompt", path: "testdata/lagging.jsonl", n: 2,
			want: []string{"assistant:msg_07GGG", "user:5f0c0024-1111-4a2b-8c3d-000000000024"}},
		{name: "malformed lines skipped", path: "testdata/malformed.jsonl", n: 10,
			want: []string{"user:u1", "assistant:msg_A", "assistant:msg_B", "user:u3", "assistant:msg_C"}},
		{name: "subagent", path: "testdata/subagent.jsonl", n: 2,
			want: []string{"user:5f0c0028-1111-4a2b-8c3d-000000000028", "assistant:msg_S2"}},
		{name: "zero", path: "testdata/session.jsonl", n: 0, want: []string{}},
		{name: "reply merged across streamed tool results", path: "testdata/streaming-tools.jsonl", n: 10,
			want: []string{"user:56026269-358d-468e-a71a-ebde14036cb5", "assistant:msg_probe_0000",
				"user:769eddb0-1c89-4de1-92ca-36dbf88bf7ff", "user:ee1999e2-8037-49e3-a9a0-1b25534c528e", "assistant:msg_probe_0001"}},
		{name: "streamed tool results before the final reply", path: "testdata/streaming-tools.jsonl", n: 3,
			want: []string{"user:769eddb0-1c89-4de1-92ca-36dbf88bf7ff", "user:ee1999e2-8037-49e3-a9a0-1b25534c528e", "assistant:msg_probe_0001"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := transcript.Tail(tt.path, tt.n)
			require.NoError(t, err)
			assert.Equal(t, tt.want, ids(got))
		})
	}
}

func TestTailWholeSession(t *testing.T) {
	t.Parallel()
	msgs, err := transcript.Tail("testdata/session.jsonl", 100)
	require.NoError(t, err)
	require.Len(t, msgs, 15, "messages: %v", ids(msgs))

	first := msgs[0]
	assert.Equal(t, "Fix the failing test in src/foo.ts", first.Text)
	assert.Equal(t, time.Date(2026, 11, 22, 10, 0, 2, 74e6, time.UTC), first.Timestamp)

	// msg_01AAA: thinking, text and tool_use lines merged.
	r := msgs[1]
	assert.Equal(t, "I'll look at the code under test first.", r.Text)
	require.Len(t, r.ToolUses, 1)
	assert.Equal(t, "Read(/home/dev/app/src/foo.ts)", r.ToolUses[0].String())
	assert.Equal(t, time.Date(2026, 11, 22, 10, 0, 6, 222e6, time.UTC), r.Timestamp, "a merged reply keeps its first line's time")

	failed := msgs[6]
	require.Len(t, failed.ToolResults, 1)
	assert.True(t, failed.ToolResults[0].IsError)
	assert.Contains(t, failed.ToolResults[0].Text, "Cannot find module")

	feedback := msgs[8]
	assert.True(t, feedback.IsMeta)
	assert.True(t, strings.HasPrefix(feedback.Text, "Stop hook feedback:\n"))
	assert.False(t, feedback.IsPrompt())

	assert.Equal(t, []string{"Glob(src/**/math*.ts)", "Write(/home/dev/app/src/math.ts)"}, transcript.RecentTools(msgs[9:10], 5))
	assert.Equal(t, "All 12 tests pass now. I created src/math.ts with the missing `add` helper.", msgs[14].Text)
}

// Claude Code 2.1.330 runs a tool as soon as its tool_use block is
// complete and writes the result before the reply's next block (captured
// from the real client against a fake API that paused between blocks).
func TestTailStreamingToolResults(t *testing.T) {
	t.Parallel()
	msgs, err := transcript.Tail("testdata/streaming-tools.jsonl", 4)
	require.NoError(t, err)
	require.Len(t, msgs, 4)
	reply := msgs[0]
	assert.Equal(t, "I'll run two commands.", reply.Text)
	assert.Equal(t, []string{"Bash(echo one)", "Bash(sleep 1; echo two)"}, transcript.RecentTools(msgs[:1], 5))
	assert.Equal(t, "2026-11-22T11:51:46.788Z", reply.Timestamp.Format("2006-01-02T15:04:05.000Z07:00"), "the reply keeps its first line's time")
	assert.Equal(t, "one", msgs[1].ToolResults[0].Text)
	assert.Equal(t, "two", msgs[2].ToolResults[0].Text)
	assert.Equal(t, "Both commands ran.", msgs[3].Text)
}

func TestTailErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := []struct {
		name     string
		path     string
		notExist bool
	}{
		{name: "empty path", path: "", notExist: true},
		{name: "missing file", path: filepath.Join(dir, "nope.jsonl"), notExist: true},
		{name: "directory", path: dir},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			msgs, err := transcript.Tail(tt.path, 5)
			require.Error(t, err)
			assert.Nil(t, msgs)
			assert.True(t, strings.HasPrefix(err.Error(), "transcript: "), "error %q", err)
			assert.Equal(t, tt.notExist, errors.Is(err, fs.ErrNotExist), "errors.Is(%v, fs.ErrNotExist)", err)
		})
	}
}

func TestTailEmptyFile(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "empty.jsonl")
	require.NoError(t, os.WriteFile(p, nil, 0o600))
	msgs, err := transcript.Tail(p, 5)
	require.NoError(t, err)
	assert.Empty(t, msgs)
}

func TestOptionsMaxLineBytes(t *testing.T) {
	t.Parallel()
	huge := `{"type":"user","message":{"content":"` + strings.Repeat("z", 2<<20) + `"},"uuid":"huge"}`
	data := `{"type":"user","message":{"content":"small"},"uuid":"u1"}` + "\n" + huge + "\n" +
		`{"type":"assistant","message":{"id":"m1","content":[{"type":"text","text":"ok"}]}}` + "\n"
	r := strings.NewReader(data)

	msgs, err := transcript.Options{MaxLineBytes: 1 << 20}.TailReader(r, r.Size(), 5)
	require.NoError(t, err)
	assert.Equal(t, []string{"user:u1", "assistant:m1"}, ids(msgs), "the 2 MiB line is skipped")

	msgs, err = transcript.Options{}.TailReader(r, r.Size(), 5)
	require.NoError(t, err)
	assert.Equal(t, []string{"user:u1", "user:huge", "assistant:m1"}, ids(msgs), "the default cap is 16 MiB")
}

func TestOptionsMaxBytes(t *testing.T) {
	t.Parallel()
	all, err := transcript.Tail("testdata/session.jsonl", 100)
	require.NoError(t, err)
	few, err := transcript.Options{MaxBytes: 4 << 10}.Tail("testdata/session.jsonl", 100)
	require.NoError(t, err)
	require.NotEmpty(t, few)
	assert.Less(t, len(few), len(all))
	assert.Equal(t, ids(all[len(all)-len(few):]), ids(few), "a budget returns the newest messages")
}

// countingReaderAt counts the bytes read through it.
type countingReaderAt struct {
	r interface {
		ReadAt([]byte, int64) (int, error)
	}
	n atomic.Int64
}

func (c *countingReaderAt) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(p, off)
	c.n.Add(int64(n))
	return n, err
}

// TestTailReadsOnlyTheEnd checks the cost model: the bytes Tail reads
// depend on the messages asked for, not on the size of the transcript.
func TestTailReadsOnlyTheEnd(t *testing.T) {
	t.Parallel()
	for _, size := range []int64{2 << 20, 8 << 20} {
		var buf bytes.Buffer
		_, err := gentranscript.Write(&buf, gentranscript.Options{Size: size, LastText: "Finished."})
		require.NoError(t, err)
		c := &countingReaderAt{r: bytes.NewReader(buf.Bytes())}
		msgs, err := transcript.Options{}.TailReader(c, int64(buf.Len()), 15)
		require.NoError(t, err)
		require.Len(t, msgs, 15)
		assert.Equal(t, "Finished.", msgs[14].Text)
		t.Logf("size %d: read %d bytes", buf.Len(), c.n.Load())
		assert.Less(t, c.n.Load(), int64(4<<20), "bytes read must not grow with the file")
	}
}

func TestBackwardStopsEarly(t *testing.T) {
	t.Parallel()
	var got []string
	for m, err := range transcript.Backward("testdata/session.jsonl") {
		require.NoError(t, err)
		got = append(got, m.Role+":"+m.ID)
		if len(got) == 2 {
			break
		}
	}
	assert.Equal(t, []string{"assistant:msg_07GGG", "user:5f0c0019-1111-4a2b-8c3d-000000000019"}, got)

	for _, err := range transcript.Backward("testdata/nope.jsonl") {
		assert.ErrorIs(t, err, fs.ErrNotExist)
	}
}

// A transcript the real client wrote (e2e TestTranscriptToolTurn): one
// reply with text, Bash and Write; the results; a reply; the Stop hook's
// feedback; the final reply.
func TestTailCapturedBlockedOnce(t *testing.T) {
	t.Parallel()
	const path = "testdata/captured/two-tools-blocked-once.jsonl"
	msgs, err := transcript.Tail(path, 20)
	require.NoError(t, err)
	var got []string
	for _, m := range msgs {
		s := m.Role + ":" + m.Text
		for _, u := range m.ToolUses {
			s += " " + u.Relative("/home/user/project")
		}
		for _, r := range m.ToolResults {
			s += " result:" + strings.TrimSpace(r.Text)
		}
		if m.IsMeta {
			s += " (meta)"
		}
		got = append(got, s)
	}
	assert.Equal(t, []string{
		"user:check and take notes",
		"assistant:I'll check and take notes. Bash(echo hello) Write(notes.txt)",
		"user: result:hello",
		"user: result:File created successfully at: /home/user/project/notes.txt (file state is current in your context — no need to Read it back)",
		"assistant:First pass done.",
		"user:Stop hook feedback:\nprobe: one more step (meta)",
		"assistant:All done.",
	}, got)
	text, err := transcript.LastAssistantText("", path)
	require.NoError(t, err)
	assert.Equal(t, "All done.", text)
}
