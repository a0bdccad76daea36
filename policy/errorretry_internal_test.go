package policy

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/judge"
)

// TestJudgedWhy: the why of a judged stop, made in one piece, is the text
// quote makes, for reasons up to the quoted length and beyond it, whether
// kept from the last Done verdict or made afresh (each verdict is asked
// about several times, in turn).
func TestJudgedWhy(t *testing.T) {
	verdicts := []judge.Verdict{
		{Class: judge.Done, Why: "no question, no failure stated"},
		{Class: judge.Question, Kind: judge.Permission, Why: "Shall I go on?"},
		{Class: judge.Error, Why: ""},
		{Class: judge.Error, Why: strings.Repeat("é", quoteMax)},
		{Class: judge.Error, Why: strings.Repeat("é", quoteMax+1)},
		{Class: judge.Done, Why: "ends \"quoted\"\n" + strings.Repeat("x", 300)},
		{Class: judge.Done, Why: "no question, no failure stated"},
		{Class: judge.Done, Why: "no question, no failure " + strings.ToLower("STATED")}, // the same text elsewhere
		{Class: judge.Done, Why: "empty message"},
		{Class: judge.Error, Why: "no question, no failure stated"},
	}
	for range 3 {
		for _, v := range verdicts {
			want := "turn judged " + v.String() + ": " + quote(v.Why)
			for range 2 {
				if got := judgedWhy(v); got != want {
					t.Errorf("judgedWhy(%v %q) = %q, want %q", v, v.Why, got, want)
				}
			}
		}
	}
}

// TestIsStop: isStop is Input.IsStop, for every event and none.
func TestIsStop(t *testing.T) {
	for _, e := range []stophook.Event{"", stophook.EventStop, stophook.EventSubagentStop, stophook.EventSessionStart,
		stophook.EventSessionEnd, stophook.EventUserPromptSubmit, stophook.EventStopFailure, stophook.EventNotification, "stop"} {
		in := stophook.Input{HookEventName: e}
		if isStop(&in) != in.IsStop() {
			t.Errorf("isStop(%q) = %v, IsStop %v", e, isStop(&in), in.IsStop())
		}
	}
}

// TestStoreFor: the store of the counts is DefaultStore's unless the
// policy names one.
func TestStoreFor(t *testing.T) {
	mine, theirs := new(stophook.MemoryStore), new(stophook.MemoryStore)
	for _, in := range []stophook.Input{{}, {Store: theirs}, {CWD: t.TempDir()}, {CWD: t.TempDir(), Store: theirs}} {
		if got, want := (&ErrorRetry{}).storeFor(&in), stophook.DefaultStore(in); !reflect.DeepEqual(got, want) {
			t.Errorf("storeFor(%+v) = %v, DefaultStore %v", in, got, want)
		}
		if got := (&ErrorRetry{Store: mine}).storeFor(&in); got != mine {
			t.Errorf("storeFor with Store set = %v, want the policy's", got)
		}
	}
}
