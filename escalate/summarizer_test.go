package escalate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook/transcript"
)

// The test binary doubles as the program of CommandSummarizer tests.
func TestMain(m *testing.M) {
	switch os.Getenv("ESCALATE_TEST_HELPER") {
	case "":
		os.Exit(m.Run())
	case "echo":
		in, _ := io.ReadAll(os.Stdin)
		fmt.Printf("summary of %d bytes; starts %q\n", len(in), strings.SplitN(string(in), "\n", 2)[0])
	case "fail":
		fmt.Fprintln(os.Stderr, "model unavailable")
		os.Exit(3)
	case "hang":
		time.Sleep(time.Minute)
	case "empty":
	case "env":
		fmt.Println("STOPHOOK_DISABLE=" + os.Getenv("STOPHOOK_DISABLE"))
	}
	os.Exit(0)
}

var testMsgs = []transcript.Message{
	{Role: "user", Text: "Fix the build"},
	{Role: "assistant", Text: "Running the tests.", ToolUses: []transcript.ToolUse{{Name: "Bash", Input: json.RawMessage(`{"command":"go test"}`)}}},
	{Role: "user", ToolResults: []transcript.ToolResult{{Text: "FAIL x_test.go", IsError: true}}},
	{Role: "assistant", Text: "The build fails; should I revert?"},
}

func TestRenderTranscript(t *testing.T) {
	t.Parallel()
	got := renderTranscript(testMsgs, 0)
	assert.Contains(t, got, "User: Fix the build\n\nAssistant: Running the tests.\n[tool] ")
	assert.Contains(t, got, "User:\n[error] FAIL x_test.go")
	assert.True(t, strings.HasSuffix(got, "Assistant: The build fails; should I revert?"))

	long := renderTranscript([]transcript.Message{{Role: "user", Text: strings.Repeat("x", 10000)}, {Role: "assistant", Text: "LAST"}}, 500)
	assert.Equal(t, 500, utf8.RuneCountInString(long))
	assert.True(t, strings.HasSuffix(long, "LAST"), "the most recent text is kept")
	assert.Empty(t, renderTranscript(nil, 0))
}

type fakeModel struct {
	system, prompt string
	reply          string
	err            error
}

func (f *fakeModel) Complete(_ context.Context, system, prompt string) (string, error) {
	f.system, f.prompt = system, prompt
	return f.reply, f.err
}

func TestLLMSummarizer(t *testing.T) {
	t.Parallel()
	fc := &fakeModel{reply: "  The agent hit a failing test\x00 and asks whether to revert.  "}
	got, err := (&LLMSummarizer{Model: fc}).Summarize(context.Background(), testMsgs)
	require.NoError(t, err)
	assert.Equal(t, "The agent hit a failing test and asks whether to revert.", got)
	assert.Equal(t, summaryPrompt, fc.system)
	assert.Contains(t, fc.prompt, "The build fails; should I revert?")

	long := &fakeModel{reply: strings.Repeat("word ", 1000)}
	got, err = (&LLMSummarizer{Model: long}).Summarize(context.Background(), testMsgs)
	require.NoError(t, err)
	assert.Equal(t, maxSummaryRunes, utf8.RuneCountInString(got))
}

func TestLLMSummarizerFailures(t *testing.T) {
	t.Parallel()
	boom := errors.New("overloaded")
	tests := []struct {
		name string
		s    *LLMSummarizer
		msgs []transcript.Message
		want string
	}{
		{"api error", &LLMSummarizer{Model: &fakeModel{err: boom}}, testMsgs, "escalate: summarize: overloaded"},
		{"empty reply", &LLMSummarizer{Model: &fakeModel{reply: " \n"}}, testMsgs, "escalate: empty summary"},
		{"nothing to summarise", &LLMSummarizer{Model: &fakeModel{reply: "x"}}, nil, "escalate: nothing to summarise"},
		{"no model", &LLMSummarizer{}, testMsgs, "escalate: summarizer has no model"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := tt.s.Summarize(context.Background(), tt.msgs)
			assert.EqualError(t, err, tt.want)
		})
	}
}

func helperSummarizer(mode string, timeout time.Duration) *CommandSummarizer {
	s := &CommandSummarizer{Path: os.Args[0]}
	s.Env = append(os.Environ(), "ESCALATE_TEST_HELPER="+mode)
	s.Timeout = timeout
	return s
}

func TestCommandSummarizer(t *testing.T) {
	t.Parallel()
	got, err := helperSummarizer("echo", 0).Summarize(context.Background(), testMsgs)
	require.NoError(t, err)
	assert.Regexp(t, `^summary of \d+ bytes; starts "You summarise a coding agent`, got)

	_, err = helperSummarizer("fail", 0).Summarize(context.Background(), testMsgs)
	assert.ErrorContains(t, err, "exit status 3: model unavailable")

	_, err = helperSummarizer("empty", 0).Summarize(context.Background(), testMsgs)
	assert.EqualError(t, err, "escalate: empty summary")

	_, err = helperSummarizer("hang", 200*time.Millisecond).Summarize(context.Background(), testMsgs)
	assert.ErrorIs(t, err, context.DeadlineExceeded)

	got, err = helperSummarizer("env", 0).Summarize(context.Background(), testMsgs)
	require.NoError(t, err)
	assert.Equal(t, "STOPHOOK_DISABLE=1", got, "a nested claude -p must not run our hooks")

	_, err = (&CommandSummarizer{}).Summarize(context.Background(), testMsgs)
	assert.ErrorContains(t, err, "no program")
	_, err = (&CommandSummarizer{Path: "no-such-program-stophook"}).Summarize(context.Background(), testMsgs)
	assert.Error(t, err)
}
