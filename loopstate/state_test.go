package loopstate

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 1, 2, 10, 30, 0, 0, time.UTC)

func TestParseCorruption(t *testing.T) {
	t.Parallel()
	const ok = `"schema":1,"event":"STATE","run_id":"r","updated_at":"2026-01-02T10:00:00Z"`
	frame := func(body string) string { return `{` + ok + `,"stack":[{` + body + `}]}` }
	tests := []struct {
		name string
		in   string
		want corruptKind
	}{
		{"empty", ``, kindMalformed},
		{"truncated", `{"schema":1,"event":"STATE"`, kindMalformed},
		{"array", `[1,2]`, kindMalformed},
		{"not json", `schema=1`, kindMalformed},
		{"trailing garbage", `{"schema":1} x`, kindMalformed},
		{"missing schema", `{"event":"STATE","updated_at":"2026-01-02T10:00:00Z"}`, kindSchema},
		{"null schema", `{"schema":null,"event":"STATE","updated_at":"2026-01-02T10:00:00Z"}`, kindSchema},
		{"schema zero", `{"schema":0,"event":"STATE","updated_at":"2026-01-02T10:00:00Z"}`, kindSchema},
		{"schema text", `{"schema":"one","event":"STATE","updated_at":"2026-01-02T10:00:00Z"}`, kindSchema},
		{"schema float", `{"schema":1.5,"event":"STATE","updated_at":"2026-01-02T10:00:00Z"}`, kindSchema},
		{"schema newer", `{"schema":2,"event":"STATE","updated_at":"2026-01-02T10:00:00Z"}`, kindNewer},
		{"missing event", `{"schema":1,"updated_at":"2026-01-02T10:00:00Z"}`, kindEvent},
		{"unknown event", `{"schema":1,"event":"RUNNING","updated_at":"2026-01-02T10:00:00Z"}`, kindEvent},
		{"event number", `{"schema":1,"event":3,"updated_at":"2026-01-02T10:00:00Z"}`, kindEvent},
		{"missing updated_at", `{"schema":1,"event":"STATE"}`, kindTime},
		{"bad updated_at", `{"schema":1,"event":"STATE","updated_at":"2026-01-02 10:00"}`, kindTime},
		{"updated_at number", `{"schema":1,"event":"STATE","updated_at":1735812000}`, kindTime},
		{"run_id number", `{"schema":1,"event":"STATE","run_id":7,"updated_at":"2026-01-02T10:00:00Z"}`, kindText},
		{"reason object", `{"schema":1,"event":"DONE","reason":{},"updated_at":"2026-01-02T10:00:00Z"}`, kindText},
		{"stack object", `{` + ok + `,"stack":{"mode":"loop"}}`, kindStack},
		{"frame not object", `{` + ok + `,"stack":[3]}`, kindStack},
		{"frame null", `{` + ok + `,"stack":[null]}`, kindStack},
		{"too deep", `{` + ok + `,"stack":[` + strings.Repeat(`{"iter":1,"max":2},`, maxFrames) + `{"iter":1,"max":2}]}`, kindStack},
		{"iteration text", frame(`"iter":"two","max":5`), kindIteration},
		{"iteration missing", frame(`"max":5`), kindIteration},
		{"iteration negative", frame(`"iter":-1,"max":5`), kindIteration},
		{"iteration float", frame(`"iter":1.5,"max":5`), kindIteration},
		{"iteration exponent", frame(`"iter":1e3,"max":5`), kindIteration},
		{"iteration huge", frame(`"iter":99999999999999999999,"max":5`), kindIteration},
		{"iteration bool", frame(`"iter":true,"max":5`), kindIteration},
		{"iteration mixed text", frame(`"iter":"3a","max":5`), kindIteration},
		{"max text", frame(`"iter":1,"max":"ten"`), kindMax},
		{"max zero", frame(`"iter":1,"max":0`), kindMax},
		{"max missing", frame(`"iter":1`), kindMax},
		{"unknown mode", frame(`"mode":"spin","iter":1,"max":5`), kindMode},
		{"mode number", frame(`"mode":1,"iter":1,"max":5`), kindMode},
		{"prompt number", frame(`"iter":1,"max":5,"prompt":5`), kindPrompt},
		{"prompt too long", frame(`"iter":1,"max":5,"prompt":"` + strings.Repeat("x", maxPromptLen+1) + `"`), kindPrompt},
		{"bad started_at", frame(`"iter":1,"max":5,"started_at":"soon"`), kindTime},
		{"too large", `{"schema":1,"pad":"` + strings.Repeat("x", maxStateSize) + `"}`, kindTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse([]byte(tt.in))
			if err == nil {
				t.Fatalf("Parse: got %+v, nil error; want corruption %q", s, tt.want)
			}
			if !errors.Is(err, errCorrupt) {
				t.Errorf("got error %v, want one wrapping errCorrupt", err)
			}
			if got := kindOf(err); got != tt.want {
				t.Errorf("got kind %q (%v), want %q", got, err, tt.want)
			}
			if !strings.HasPrefix(err.Error(), "loopstate: ") {
				t.Errorf("error %q does not start with the package name", err)
			}
		})
	}
}

func TestParseTimestamps(t *testing.T) {
	t.Parallel()
	want := time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)
	for _, ts := range []string{
		"2026-01-02T10:00:00Z",
		"2026-01-02T10:00:00+00:00",
		"2026-01-02T10:00:00.000000+00:00",
		"2026-01-02T11:00:00+01:00",
		"2026-01-02T10:00:00.000Z",
	} {
		t.Run(ts, func(t *testing.T) {
			s, err := Parse([]byte(`{"schema":1,"event":"STATE","updated_at":"` + ts + `","stack":[]}`))
			if err != nil {
				t.Fatal(err)
			}
			if !s.UpdatedAt.Equal(want) {
				t.Errorf("got %v, want %v", s.UpdatedAt, want)
			}
		})
	}
}

func TestParseFixtures(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/states/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Parse(b)
			wantCorrupt := strings.HasPrefix(filepath.Base(f), "corrupt-")
			if (err != nil) != wantCorrupt {
				t.Errorf("Parse error %v, want corrupt=%v", err, wantCorrupt)
			}
		})
	}
}

func TestParseLenientNumbersAndDefaults(t *testing.T) {
	t.Parallel()
	s, err := Parse([]byte(`{"schema":"1","event":"STATE","updated_at":"2026-01-02T10:00:00Z","stack":[{"iter":" 3 ","max":"7"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	top, ok := s.Top()
	if !ok || top.Iter != 3 || top.Max != 7 || top.Mode != ModeLoop {
		t.Errorf("got top %+v, want loop 3/7", top)
	}
}

func TestMarshalRoundTrip(t *testing.T) {
	t.Parallel()
	loc := time.FixedZone("x", 3600)
	in := &State{Event: EventState, RunID: "r", UpdatedAt: t0.In(loc), Reason: "",
		Stack: []Frame{{Mode: ModeGrind, Iter: 1, Max: 3, Prompt: "a \"quoted\"\nprompt", StartedAt: t0.In(loc)},
			{Mode: ModeIssue, Iter: 2, Max: 4, StartedAt: t0}}}
	b, err := in.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"updated_at":"2026-01-02T10:30:00Z"`) || !strings.Contains(string(b), `"schema":1`) {
		t.Errorf("got %s, want UTC Z timestamps and schema 1", b)
	}
	out, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Stack) != 2 || out.Stack[0] != (Frame{Mode: ModeGrind, Iter: 1, Max: 3, Prompt: in.Stack[0].Prompt, StartedAt: t0}) ||
		!out.UpdatedAt.Equal(t0) || out.RunID != "r" || out.Event != EventState {
		t.Errorf("round trip: got %+v, want %+v", out, in)
	}
}

func TestSessionKey(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		id, want string
		ok       bool
	}{
		{"3f2a9c1e-1111-4222-8333-944445555666", "loop/3f2a9c1e-1111-4222-8333-944445555666", true},
		{"../../etc/passwd", "loop/../../etc/passwd", true}, // the Store keeps it inside its directory
		{"", "", false},
		{"a b", "", false},
		{"a\nb", "", false},
		{strings.Repeat("a", maxSessionIDLen+1), "", false},
	} {
		got, err := SessionKey(tt.id)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("SessionKey(%q) = %q, %v; want %q, ok=%v", tt.id, got, err, tt.want, tt.ok)
		}
	}
}

func TestBlockCap(t *testing.T) {
	t.Parallel()
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == BlockCapEnv {
				return v
			}
			return ""
		}
	}
	for _, tt := range []struct {
		v    string
		want int
	}{{"", 8}, {"20", 20}, {"x", 8}, {"0", 8}, {"-3", 8}} {
		if got := BlockCap(env(tt.v)); got != tt.want {
			t.Errorf("BlockCap(%q) = %d, want %d", tt.v, got, tt.want)
		}
	}
	if BlockCap(nil) != defaultBlockCap {
		t.Error("BlockCap(nil) is not the default")
	}
	if w := CapWarning(8, 8); w != "" {
		t.Errorf("CapWarning(8, 8) = %q, want none", w)
	}
	if w := CapWarning(9, 8); !strings.Contains(w, BlockCapEnv) || !strings.Contains(w, "max 9") {
		t.Errorf("CapWarning(9, 8) = %q, want a warning naming %s", w, BlockCapEnv)
	}
}
