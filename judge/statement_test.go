package judge_test

import (
	"testing"

	"github.com/stophook/stophook/judge"
)

// TestFailureStatements: the message alone is an error only when it
// states that this turn's task failed — a job, a stage or a status put
// first, a first-person statement with its subject left out — and not
// when a failure is an inquiry's topic, an environment's limit, a flaky
// test fixed, or the container the statement names.
func TestFailureStatements(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		want string
	}{
		{"The release job is failing on the signing step and I don't have the key to fix it.", "error/failed"},
		{"Pipeline failed at the `e2e` stage; Playwright can't find the login button.", "error/failed"},
		{"Status: migration failing on the staging copy.", "error/failed"},
		{"Couldn't get the worker to start after the upgrade.", "error/failed"},
		{"Unfortunately, wasn't able to fix the flaky reconnect.", "error/failed"},
		{"The deploy failed: the container exits with code 137 during startup.", "error/failed"},
		{"Two specs keep failing and I couldn't work out why.", "error/failed"},
		{"After three attempts the image still won't build.", "error/failed"},
		{"I wired up the endpoint, but it isn't done yet: the auth middleware is missing.", "error/failed"},
		{"Investigated why the payment webhook failed: the signature header was missing. Added it.", "done"},
		{"Can't run the GUI on this arm64 box, so I checked the logic by reading it.", "done"},
		{"The flaky test that failed last week passes 50 times in a row now.", "done"},
		{"After you merge, if the deploy fails, roll back with `make rollback`.", "done"},
		{"Failed logins are now rate-limited to five per minute.", "done"},
		{"The container now restarts when the job fails.", "done"},
	}
	for _, tt := range tests {
		if got := judge.Classify(tt.text).String(); got != tt.want {
			t.Errorf("Classify(%q) = %s (%q), want %s", tt.text, got, judge.Classify(tt.text).Why, tt.want)
		}
	}
}

// TestCodeSubjectFailures: a failure whose subject is code is read from
// the line, with the same vetoes as the sentence rules.
func TestCodeSubjectFailures(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		want string
	}{
		{"Implemented the handler. However, `go build ./...` is red and I don't know why yet.", "error/failed"},
		{"`TestParseDuration` still fails after the change.", "error/failed"},
		{"`TestParseDuration` is red on main too, so it is unrelated.", "done"},
		{"`TestParseDuration` was red; I fixed the unit conversion and it passes now.", "done"},
		{"The CLI now exits with an error when `config.yaml` is missing.", "done"},
		{"- If task creation succeeds but `QUEUE.send(...)` fails, the handler returns `500`.", "done"},
		{"If `npm test` fails on your machine, run `npm ci` first.", "done"},
		{"```\n$ go test ./...\n`TestX` still fails\n```\nAll green now.", "done"},
		{"> `TestX` still fails\n\nThat was the old report; it passes now.", "done"},
	}
	for _, tt := range tests {
		if got := judge.Classify(tt.text).String(); got != tt.want {
			t.Errorf("Classify(%q) = %s (%q), want %s", tt.text, got, judge.Classify(tt.text).Why, tt.want)
		}
	}
}
