package e2e

import (
	"os"
	"path/filepath"
	"strings"
)

// Placeholders that replace this machine's temp paths in captured files.
const (
	ScrubbedHome    = "/home/user"
	ScrubbedProject = "/home/user/project"
	ScrubbedRoot    = "/tmp/e2e"
	ScrubbedBin     = "/tmp/e2e-bin"
	ScrubbedAPI     = "http://127.0.0.1:8080"
)

// Scrub replaces the temp paths of e (project, HOME, root, the built
// binaries' dir, the fake API's URL) with fixed placeholders.
func (e *Env) Scrub(data []byte) []byte {
	builds.Lock()
	bin := builds.dir
	builds.Unlock()
	pairs := []string{
		e.Dir, ScrubbedProject,
		ProjectKey(e.Dir), ProjectKey(ScrubbedProject),
		e.Home, ScrubbedHome,
		ProjectKey(e.Home), ProjectKey(ScrubbedHome),
		e.Root, ScrubbedRoot,
		e.API.URL(), ScrubbedAPI,
	}
	if bin != "" {
		pairs = append(pairs, bin, ScrubbedBin)
	}
	return []byte(strings.NewReplacer(pairs...).Replace(string(data)))
}

// Capture copies the transcript of session id, scrubbed, to
// $STOPHOOK_E2E_CAPTURE/name.jsonl when that variable is set; otherwise it
// does nothing. It returns the path written, or "".
func (e *Env) Capture(name, id string) string {
	e.T.Helper()
	dir := os.Getenv(EnvCapture)
	if dir == "" {
		return ""
	}
	data, err := os.ReadFile(e.TranscriptPath(id))
	if err != nil {
		e.T.Fatalf("e2e: capture %s: %v", name, err)
	}
	out := filepath.Join(dir, name+".jsonl")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		e.T.Fatalf("e2e: capture: %v", err)
	}
	if err := os.WriteFile(out, e.Scrub(data), 0o644); err != nil {
		e.T.Fatalf("e2e: capture: %v", err)
	}
	e.T.Logf("e2e: captured %s", out)
	return out
}
