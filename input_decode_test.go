package stophook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook/internal/jsonlimit"
	"github.com/stophook/stophook/internal/jsonscan"
	"github.com/stophook/stophook/internal/onepass"
)

// decodeInputSeeds are payloads for FuzzDecodeInput: the common shapes,
// and the corners where the one-pass decoder must agree with
// encoding/json or step aside.
var decodeInputSeeds = []string{
	`{}`,
	`{"session_id":"s","transcript_path":"/t.jsonl","cwd":"/p","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"All done: the tests pass."}`,
	`{"session_id":"s","hook_event_name":"Stop","stop_hook_active":true,"last_assistant_message":"line one\nline \"two\"\t\u00e9\ud83d\ude00 \ud800 \udc00x \\ \/","effort":{"level":"high","x":[1,2]},"background_tasks":[{"id":"b1","status":"running"},null,[],"x"],"session_crons":[]}`,
	`{"hook_event_name":"StopFailure","error":"rate_limit","error_details":{"status":429}}`,
	`{"error_details":null}`,
	`{"SESSION_ID":"s"}`,
	`{"session_id":"a","session_id":"b"}`,
	`{"effort":{"LEVEL":"x"}}`,
	`{"effort":{"level":"a","level":"b"}}`,
	`{"effort":"high"}`,
	`{"stop_hook_active":"true"}`,
	`{"session_id":1}`,
	`{"background_tasks":{}}`,
	`{"unknown":{"a":[1,-2.5e+3,0,true,false,null,"\u0041"],"b":{}},"n":-0.0E-1}`,
	`{"bad":01}`,
	`{"bad":"\x"}`,
	`{"bad":"a` + "\x01" + `"}`,
	`{"message":"` + "\xff\xfe" + `ok"}`,
	`{"prompt":"\ud83d\u0041"}`,
	`{"title":"\ud83d\ud83d\ude00"}`,
	`{"cwd":"/p",}`,
	`{"cwd":"/p"} x`,
	`{"ſession_id":"s"}`,
	`{"session_id":null,"agent_id":"a"}`,
}

// FuzzDecodeInput holds the one-pass decoder to encoding/json: whenever
// it decodes a payload, json.Unmarshal decodes it too, to the same Input.
func FuzzDecodeInput(f *testing.F) {
	for _, s := range decodeInputSeeds {
		f.Add([]byte(s))
	}
	// The payloads of the e2e captures and the fuzz corpus of ParseInput.
	files, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzParseInput", "*"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var fast Input
		if _, ok := decodeInput(data, &fast, nil); !ok {
			return
		}
		if err := jsonlimit.Check(data, 0, 0); err != nil {
			t.Fatalf("decoded %q, which jsonlimit refuses: %v", data, err)
		}
		var want Input
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatalf("decoded %q, which json rejects: %v", data, err)
		}
		if !reflect.DeepEqual(fast, want) {
			t.Fatalf("decoded %q\n got %+v\nwant %+v", data, fast, want)
		}
	})
}

// TestDecodeInputBounds: the decoder holds nesting to jsonlimit's bounds,
// so that ParseInput need not check the payloads it decodes: it decodes
// what jsonlimit.Check accepts and gives up, leaving the error to the
// check, one level or one container beyond.
func TestDecodeInputBounds(t *testing.T) {
	t.Parallel()
	nested := func(levels int) []byte { // the object is the first level
		return []byte(`{"x":` + strings.Repeat("[", levels-1) + strings.Repeat("]", levels-1) + `}`)
	}
	containers := func(n int) []byte { // the object, two arrays, n-3 objects in one
		return []byte(`{"background_tasks":[` + strings.Repeat("{},", n-4) + `{}],"x":[]}`)
	}
	for _, c := range []struct {
		name string
		data []byte
		ok   bool
	}{
		{"as deep as allowed", nested(jsonlimit.MaxDepth), true},
		{"a level too deep", nested(jsonlimit.MaxDepth + 1), false},
		{"deeper in a field", []byte(`{"effort":{"x":` + strings.Repeat("[", jsonlimit.MaxDepth-1) + strings.Repeat("]", jsonlimit.MaxDepth-1) + `}}`), false},
		{"as many containers as allowed", containers(jsonlimit.MaxContainers), true},
		{"a container too many", containers(jsonlimit.MaxContainers + 1), false},
	} {
		var in Input
		_, got := decodeInput(c.data, &in, nil)
		want := jsonlimit.Check(c.data, 0, 0) == nil
		if got != c.ok || want != c.ok {
			t.Errorf("%s: decodeInput %v, jsonlimit.Check accepts %v; want %v", c.name, got, want, c.ok)
		}
		if _, err := ParseInput(c.data); (err == nil) != c.ok {
			t.Errorf("%s: ParseInput error %v", c.name, err)
		}
	}
}

// TestDecodeInputTakesCommonPayloads: the payloads hosts send are decoded
// in one pass, escapes and Unicode included, not left to encoding/json.
func TestDecodeInputTakesCommonPayloads(t *testing.T) {
	t.Parallel()
	for _, s := range decodeInputSeeds[:4] {
		var in Input
		if _, ok := decodeInput([]byte(s), &in, nil); !ok {
			t.Errorf("not decoded in one pass: %s", s)
		}
	}
}

// BenchmarkParseInput decodes the load generator's Stop payload and one
// whose strings hold escapes and non-ASCII text.
func BenchmarkParseInput(b *testing.B) {
	for _, c := range []struct{ name, payload string }{
		{"stop", decodeInputSeeds[1]},
		{"escapes", `{"session_id":"s","hook_event_name":"Stop","stop_hook_active":true,"last_assistant_message":"Fertig: die Tests laufen durch, auch die für Straßen und Größen.\nNächster Schritt: \"deploy\" – wenn du willst."}`},
	} {
		b.Run(c.name, func(b *testing.B) {
			data := []byte(c.payload)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ParseInput(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestFieldOf: each JSON name of fieldNames decodes into its own field,
// and a name of no field (or one in another case) into none.
func TestFieldOf(t *testing.T) {
	for i, name := range fieldNames {
		if got := fieldOf([]byte(name)); got != inputField(i+1) {
			t.Errorf("fieldOf(%q) = %d, want %d", name, got, i+1)
		}
	}
	if len(fieldNames) != int(fNotificationType) {
		t.Errorf("%d names for %d fields", len(fieldNames), fNotificationType)
	}
	for _, name := range []string{"", "Session_id", "session_id ", "loop_count", "turn_id"} {
		if got := fieldOf([]byte(name)); got != fNone {
			t.Errorf("fieldOf(%q) = %d, want none", name, got)
		}
	}
}

// FuzzParseMembers holds parseMembers, package hook's one pass, to
// ParseInput and jsonscan.Plain: whenever it reads a payload, ParseInput
// decodes it to the same Input, and Plain reads it, giving the same
// members in the same order.
func FuzzParseMembers(f *testing.F) {
	for _, s := range decodeInputSeeds {
		f.Add([]byte(s))
		f.Add([]byte(" \n" + s + "\t"))
	}
	f.Add([]byte(`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16}`))
	f.Add([]byte(`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"q":17}`))
	f.Add([]byte("\xef\xbb\xbf{}"))
	files, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzParseInput", "*"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var got Input
		var top onepass.Members
		if !parseMembers(data, &got, &top) {
			return
		}
		trimmed := strings.TrimSpace(string(data))
		want, err := ParseInput(data)
		if err != nil {
			t.Fatalf("read %q, which ParseInput refuses: %v", data, err)
		}
		got.Now, want.Now = time.Time{}, time.Time{}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("read %q\n got %+v\nwant %+v", data, got, want)
		}
		var keys, values []string
		if !jsonscan.Plain(trimmed, func(k, v string) bool {
			keys, values = append(keys, k), append(values, v)
			return true
		}) {
			t.Fatalf("read %q, which jsonscan.Plain does not", data)
		}
		var gotKeys, gotValues []string
		for i := range top.N {
			gotKeys, gotValues = append(gotKeys, top.Key(trimmed, i)), append(gotValues, top.Value(trimmed, i))
		}
		if !slices.Equal(gotKeys, keys) || !slices.Equal(gotValues, values) {
			t.Fatalf("read %q: members %q %q, Plain's %q %q", data, gotKeys, gotValues, keys, values)
		}
	})
}

// TestRawApartFromText: Raw and the text the string fields are cut from
// share one allocation; writing Raw, or appending to it, changes no field.
func TestRawApartFromText(t *testing.T) {
	in, err := ParseInput([]byte(decodeInputSeeds[1]))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := ParseInput([]byte(decodeInputSeeds[1])) // strings of its own
	want.Raw, want.Now = nil, in.Now
	if cap(in.Raw) != len(in.Raw) {
		t.Fatalf("Raw has room after it (cap %d, len %d): an append would write over the text", cap(in.Raw), len(in.Raw))
	}
	grown := append(in.Raw, strings.Repeat("x", 64)...)
	for i := range in.Raw {
		in.Raw[i] = 'X'
	}
	for i := range grown {
		grown[i] = 'Y'
	}
	in.Raw = nil
	if !reflect.DeepEqual(in, want) {
		t.Errorf("after writing Raw:\n got %+v\nwant %+v", in, want)
	}
}
