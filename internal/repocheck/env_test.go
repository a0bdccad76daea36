package repocheck

import (
	"strings"
	"testing"
)

// envPlaces are the library files that may name a STOPHOOK_* variable,
// and why. Everything the runner and its policies read is in hook/env.go,
// read once and handed on as values (Options, Input.Store); programs
// (examples/, cmd/) read their own command line and environment.
var envPlaces = map[string]string{
	"hook/env.go":                             "the runner's variables, read once",
	"storeurl/storeurl.go":                    "the -store flag's fallback, read through the getenv the program passes",
	"httphook/serve.go":                       "names STOPHOOK_HTTP_TOKEN for the programs that read it",
	"internal/anthropic/client.go":            "the summary model, read with the provider's API key where main wires the provider",
	"internal/gemini/client.go":               "the Gemini model, read with the provider's API key where main wires the provider",
	"stophooktest/storetest/crash.go":         "the test kit's own knobs",
	"internal/redistest/server.go":            "test infrastructure",
	"internal/gentranscript/gentranscript.go": "benchmark infrastructure",
}

// TestEnvironmentReadInOnePlace fails when a library file other than
// those of envPlaces names a STOPHOOK_* variable: the state directory, the
// host, the budget and the log are read in hook/env.go only.
func TestEnvironmentReadInOnePlace(t *testing.T) {
	t.Parallel()
	skip := []string{"examples", "cmd", "internal/e2e", "internal/loadgen"}
	sourceLines(t, skip, func(rel string, n int, text string) {
		if envPlaces[rel] != "" {
			return
		}
		code, _, _ := strings.Cut(text, "//")
		if strings.Contains(code, `"STOPHOOK_`) {
			t.Errorf("%s:%d: names a STOPHOOK_* variable; the library reads them in hook/env.go and hands on values", rel, n)
		}
	})
}
