package hookconf

import (
	"encoding/json"
	"strings"
	"testing"
)

var testHook = Hook{Command: "/opt/bin/stophook-quickstart", Args: []string{"-explain"}, Exec: true, Timeout: 60,
	StatusMessage: "stophook-quickstart: checking the turn"}

func change(host string, remove bool, events ...string) Change {
	h := Hosts[host]
	evs, _ := h.Events(events)
	return Change{Host: h, Events: evs, Hook: testHook, Remove: remove}
}

func TestApplyPerHost(t *testing.T) {
	t.Parallel()
	tests := []struct {
		host string
		want string
	}{
		{"claude", `{
  "hooks": {
    "Stop": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "/opt/bin/stophook-quickstart",
            "args": [
              "-explain"
            ],
            "timeout": 60,
            "statusMessage": "stophook-quickstart: checking the turn"
          }
        ]
      }
    ],
    "SessionStart": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "/opt/bin/stophook-quickstart",
            "args": [
              "-explain"
            ],
            "timeout": 60
          }
        ]
      }
    ]
  }
}
`},
		{"qwen", `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"/opt/bin/stophook-quickstart -explain","timeout":60}]}],"SessionStart":[{"hooks":[{"type":"command","command":"/opt/bin/stophook-quickstart -explain","timeout":60}]}]}}`},
		{"droid", `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"/opt/bin/stophook-quickstart -explain","timeout":60}]}],"SessionStart":[{"hooks":[{"type":"command","command":"/opt/bin/stophook-quickstart -explain","timeout":60}]}]}}`},
		{"gemini", `{"hooks":{"AfterAgent":[{"hooks":[{"type":"command","command":"/opt/bin/stophook-quickstart -explain","timeout":60000}]}],"SessionStart":[{"hooks":[{"type":"command","command":"/opt/bin/stophook-quickstart -explain","timeout":60000}]}]}}`},
		{"codex", `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"/opt/bin/stophook-quickstart -explain","timeout":60}]}],"SessionStart":[{"hooks":[{"type":"command","command":"/opt/bin/stophook-quickstart -explain","timeout":60}]}]}}`},
		{"copilot", `{"version":1,"hooks":{"agentStop":[{"type":"command","bash":"/opt/bin/stophook-quickstart -explain","timeoutSec":60}],"sessionStart":[{"type":"command","bash":"/opt/bin/stophook-quickstart -explain","timeoutSec":60}]}}`},
		{"cursor", `{"version":1,"hooks":{"stop":[{"command":"/opt/bin/stophook-quickstart -explain","loop_limit":5}],"sessionStart":[{"command":"/opt/bin/stophook-quickstart -explain"}]}}`},
	}
	for _, tt := range tests {
		t.Run(tt.host, func(t *testing.T) {
			t.Parallel()
			got, err := Apply(nil, change(tt.host, false, "Stop", "SessionStart"))
			if err != nil {
				t.Fatal(err)
			}
			if tt.host == "claude" {
				if string(got) != tt.want {
					t.Fatalf("got\n%s\nwant\n%s", got, tt.want)
				}
			} else if !jsonEqual(got, json.RawMessage(tt.want)) {
				t.Fatalf("got\n%s\nwant\n%s", got, tt.want)
			}
			again, err := Apply(got, change(tt.host, false, "Stop", "SessionStart"))
			if err != nil {
				t.Fatal(err)
			}
			if string(again) != string(got) {
				t.Fatalf("second install changed the file:\n%s", Diff("f", got, again))
			}
			gone, err := Apply(got, change(tt.host, true, "Stop", "SessionStart"))
			if err != nil {
				t.Fatal(err)
			}
			if want := "{}\n"; string(gone) != want && string(gone) != "{\n  \"version\": 1\n}\n" {
				t.Fatalf("after uninstall: got %q, want an empty object", gone)
			}
		})
	}
}

const userSettings = `{
    "model": "opus",
    "env": {"A": "1"},
    "permissions": {"allow": ["Bash(ls:*)"], "x": 1.50},
    "hooks": {
        "Stop": [
            {"matcher": "", "hooks": [{"type": "command", "command": "echo \u00e9 <b>", "timeout": 5, "future": true}]},
            {"hooks": [{"type": "command", "command": "/opt/bin/stophook-quickstart -explain"}]}
        ],
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard"}]}]
    },
    "unknownTopLevel": {"nested": [1, 2, {"k": null}]}
}
`

func TestApplyKeepsEverythingElse(t *testing.T) {
	t.Parallel()
	c := change("claude", false, "Stop")
	got, err := Apply([]byte(userSettings), c)
	if err != nil {
		t.Fatal(err)
	}
	s := string(got)
	for _, want := range []string{
		`"model": "opus"`, `"x": 1.50`, `"echo \u00e9 <b>"`, `"future": true`, `"matcher": "Bash"`,
		`"unknownTopLevel": {`, `"k": null`, `"command": "/opt/bin/stophook-quickstart"`,
		"\n    \"model\"", // the file's own four-space indentation
	} {
		if !strings.Contains(s, want) {
			t.Errorf("result lacks %s:\n%s", want, s)
		}
	}
	if n := strings.Count(s, "stophook-quickstart"); n != 2 { // command and statusMessage of one entry
		t.Errorf("stophook-quickstart appears %d times, want 2 (one entry, the old shell form replaced):\n%s", n, s)
	}
	if strings.Index(s, `"model"`) > strings.Index(s, `"env"`) || strings.Index(s, `"hooks"`) > strings.Index(s, `"unknownTopLevel"`) {
		t.Errorf("key order changed:\n%s", s)
	}
	removed, err := Apply(got, change("claude", true, "Stop"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(removed), "stophook-quickstart") {
		t.Fatalf("uninstall left the hook:\n%s", removed)
	}
	if !strings.Contains(string(removed), `"echo \u00e9 <b>"`) || !strings.Contains(string(removed), `"PreToolUse"`) {
		t.Fatalf("uninstall dropped another hook:\n%s", removed)
	}
}

func TestApplyUnchangedKeepsBytes(t *testing.T) {
	t.Parallel()
	doc := []byte(`{"a":1,   "hooks": {"Stop": []}}`)
	got, err := Apply(doc, change("claude", true, "Stop"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(doc) {
		t.Fatalf("removing an absent hook: got %s, want the same bytes", got)
	}
}

func TestApplyRejectsBadDocuments(t *testing.T) {
	t.Parallel()
	for _, doc := range []string{`[]`, `{"hooks":{"Stop":{}}}`, `{"a":1} x`, `{"hooks":[]}`, `{`} {
		if _, err := Apply([]byte(doc), change("claude", false, "Stop")); err == nil {
			t.Errorf("Apply(%s): got nil error", doc)
		}
	}
}

func TestEventsMapping(t *testing.T) {
	t.Parallel()
	tests := []struct {
		host        string
		in          []string
		want, skips string
	}{
		{"claude", nil, "Stop,SessionStart,UserPromptSubmit,SessionEnd", ""},
		{"gemini", nil, "AfterAgent,SessionStart,BeforeAgent,SessionEnd", ""},
		{"copilot", nil, "agentStop,sessionStart,userPromptSubmitted,sessionEnd", ""},
		{"cursor", nil, "stop", ""},
		{"gemini", []string{"Stop", "SubagentStop", "AfterAgent"}, "AfterAgent", "SubagentStop"},
		{"codex", []string{"SubagentStop"}, "", "SubagentStop"},
	}
	for _, tt := range tests {
		got, skipped := Hosts[tt.host].Events(tt.in)
		if strings.Join(got, ",") != tt.want || strings.Join(skipped, ",") != tt.skips {
			t.Errorf("%s %v: got %v skipped %v, want %s skipped %s", tt.host, tt.in, got, skipped, tt.want, tt.skips)
		}
	}
}

func TestShellQuoting(t *testing.T) {
	t.Parallel()
	h := Hook{Command: "/a b/x", Args: []string{"it's", "-v", ""}}
	if got, want := h.Shell(), `'/a b/x' 'it'\''s' -v ''`; got != want {
		t.Fatalf("Shell: got %s, want %s", got, want)
	}
	if !h.same(h.Shell(), nil) || !h.same("/a b/x", []string{"it's", "-v", ""}) || h.same("/a b/x", nil) {
		t.Fatal("same: exec and shell forms of one hook must match, other hooks not")
	}
}

func FuzzApply(f *testing.F) {
	f.Add(userSettings, false)
	f.Add(`{"hooks":{"Stop":[{"hooks":[{"command":"/opt/bin/stophook-quickstart","args":["-explain"]}]}]}}`, true)
	f.Add(`{"hooks":null}`, false)
	f.Add(`{"version":1,"hooks":{"stop":[{"command":"x"}]}}`, true)
	f.Add("\ufeff// c\n{\"hooks\": {\"stop\": [{\"command\": \"x\"},],},}", false)
	f.Fuzz(func(t *testing.T, doc string, remove bool) {
		for _, host := range HostNames() {
			c := change(host, remove)
			got, err := Apply([]byte(doc), c)
			if err != nil {
				continue
			}
			if std, err := standardize(got); string(got) != doc && (err != nil || !json.Valid(std)) {
				t.Fatalf("%s: the edited file does not parse (%v): %s", host, err, got)
			}
			again, err := Apply(got, c)
			if err != nil || string(again) != string(got) {
				t.Fatalf("%s: not idempotent (%v):\n%s", host, err, Diff("f", got, again))
			}
		}
	})
}

func TestApplyStopFailureIsAsync(t *testing.T) {
	t.Parallel()
	out, err := Apply([]byte(`{}`), change("claude", false, "StopFailure"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Hooks map[string][]struct {
			Matcher string
			Hooks   []map[string]any
		}
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	g := doc.Hooks["StopFailure"]
	if len(g) != 1 || g[0].Matcher != "rate_limit|server_error" || len(g[0].Hooks) != 1 ||
		g[0].Hooks[0]["async"] != true || g[0].Hooks[0]["asyncRewake"] != true {
		t.Errorf("got %s, want one async asyncRewake entry under matcher rate_limit|server_error", out)
	}
	again, err := Apply(out, change("claude", false, "StopFailure"))
	if err != nil || string(again) != string(out) {
		t.Errorf("second install changed the document:\n%s", again)
	}
	if _, skipped := Hosts["qwen"].Events([]string{"StopFailure"}); len(skipped) != 1 {
		t.Errorf("qwen accepted StopFailure, want it skipped")
	}
}
