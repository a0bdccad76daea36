package e2e

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// A fresh machine without Go: the plugin's launcher downloads the release
// binary (served on loopback through STOPHOOK_RELEASE_URL), checks its
// sha256 against checksums.txt and runs it; with a bad checksum it runs
// nothing and the user and `stophook doctor` are told. Claude Code keeps
// its settings and plugins in CLAUDE_CONFIG_DIR, not ~/.claude.

// pathWithoutGo returns this process's PATH without the directories that
// hold a go binary.
func pathWithoutGo() string {
	var keep []string
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		if st, err := os.Stat(filepath.Join(d, "go")); err == nil && !st.IsDir() {
			continue
		}
		keep = append(keep, d)
	}
	return strings.Join(keep, string(os.PathListSeparator))
}

// releaseDir runs scripts/release.sh for the quickstart plugin on this
// platform into a temp dir and returns it.
func releaseDir(t *testing.T) string {
	t.Helper()
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	dist := t.TempDir()
	cmd := exec.Command(filepath.Join(root, "scripts", "release.sh"), dist)
	cmd.Env = append(os.Environ(), "PLUGINS=quickstart", "PLATFORMS="+runtime.GOOS+"/"+runtime.GOARCH)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("e2e: release.sh: %v\n%s", err, out)
	}
	return dist
}

// releaseServer serves dir under /v0.1.0/ on loopback and counts the
// downloads.
func releaseServer(t *testing.T, dir string, gets *atomic.Int64) string {
	t.Helper()
	files := http.StripPrefix("/v0.1.0", http.FileServer(http.Dir(dir)))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gets.Add(1)
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/v0.1.0"
}

// pluginEnv is an Env whose Claude Code runs without Go, with its own
// CLAUDE_CONFIG_DIR, and has the quickstart plugin installed from the
// repository's directory marketplace.
func pluginEnv(t *testing.T, releaseURL string) (e *Env, config string) {
	t.Helper()
	e = New(t)
	e.Timeout = 150 * time.Second
	config = filepath.Join(e.Root, "claude-config")
	if err := os.MkdirAll(config, 0o755); err != nil {
		t.Fatal(err)
	}
	// Claude Code keeps .claude.json in CLAUDE_CONFIG_DIR when it is set.
	if b, err := os.ReadFile(filepath.Join(e.Home, ".claude.json")); err == nil {
		os.WriteFile(filepath.Join(config, ".claude.json"), b, 0o644)
	}
	e.Setenv("CLAUDE_CONFIG_DIR", config)
	e.Setenv("PATH", pathWithoutGo())
	e.Setenv("STOPHOOK_RELEASE_URL", releaseURL)
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	if out, err := claudeCLI(e, "plugin", "marketplace", "add", root); err != nil {
		t.Fatalf("claude plugin marketplace add: %v\n%s", err, out)
	}
	if out, err := claudeCLI(e, "plugin", "install", "quickstart@stophook"); err != nil {
		t.Fatalf("claude plugin install: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(config, "plugins", "known_marketplaces.json")); err != nil {
		t.Fatalf("the marketplace is not in CLAUDE_CONFIG_DIR: %v", err)
	}
	if _, err := os.Stat(filepath.Join(e.Home, ".claude", "plugins")); err == nil {
		t.Fatal("claude wrote plugins to ~/.claude although CLAUDE_CONFIG_DIR is set")
	}
	return e, config
}

func TestPluginWithoutGoDownloadsReleaseBinary(t *testing.T) {
	t.Parallel()
	RequireClaude(t) // before the build: without the client the test skips at once
	dist := releaseDir(t)
	var gets atomic.Int64
	e, config := pluginEnv(t, releaseServer(t, dist, &gets))
	e.API.Enqueue(Text("API Error: 529 Overloaded. Please try again."), Text("Done: the file is written."))
	r := e.RunOK("write the file")
	fb := e.API.StopHookFeedback()
	if len(fb) != 1 || !strings.Contains(fb[0], retryReason) {
		e.Dump(r)
		t.Fatalf("stop hook feedback: got %q, want one retry holding %q (the downloaded hook)", fb, retryReason)
	}
	data := filepath.Join(config, "plugins", "data", "quickstart-stophook")
	got, err := os.ReadFile(filepath.Join(data, "bin", "stophook-quickstart"))
	want, _ := os.ReadFile(filepath.Join(dist, "stophook-quickstart_"+runtime.GOOS+"_"+runtime.GOARCH))
	if err != nil || sha256.Sum256(got) != sha256.Sum256(want) {
		t.Fatalf("CLAUDE_PLUGIN_DATA/bin/stophook-quickstart: %v; want the release binary", err)
	}
	if n := gets.Load(); n != 2 {
		t.Fatalf("downloads: got %d, want 2 (the binary and checksums.txt, once)", n)
	}
	cli := BuildHook(t, "./cmd/stophook")
	out, code := stophookCLI(t, cli, e.Dir, e.Environ(), "doctor")
	if code != 0 || !strings.Contains(out, "ok   user plugin quickstart@stophook enabled: stophook-quickstart ready") {
		t.Fatalf("doctor: exit %d, want 0 and the plugin ready:\n%s", code, out)
	}
}

func TestPluginChecksumMismatchRunsNothing(t *testing.T) {
	t.Parallel()
	dist := t.TempDir()
	marker := filepath.Join(dist, "ran")
	asset := "stophook-quickstart_" + runtime.GOOS + "_" + runtime.GOARCH
	evil := []byte("#!/bin/sh\necho owned >" + marker + "\n")
	if err := os.WriteFile(filepath.Join(dist, asset), evil, 0o755); err != nil {
		t.Fatal(err)
	}
	other := sha256.Sum256([]byte("the real binary"))
	os.WriteFile(filepath.Join(dist, "checksums.txt"), []byte(hex.EncodeToString(other[:])+"  "+asset+"\n"), 0o644)
	var gets atomic.Int64
	e, config := pluginEnv(t, releaseServer(t, dist, &gets))
	e.API.Enqueue(Text("API Error: 529 Overloaded. Please try again."), Text("Done."))
	r := e.RunOK("write the file")
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("the download ran although its checksum did not match")
	}
	if fb := e.API.StopHookFeedback(); len(fb) != 0 {
		t.Fatalf("stop hook feedback %q: want none (no hook ran)", fb)
	}
	if r.Out.Result != "API Error: 529 Overloaded. Please try again." {
		t.Fatalf("result: got %q, want the session to end as without the hook", r.Out.Result)
	}
	if gets.Load() == 0 {
		t.Fatal("the launcher downloaded nothing")
	}
	data := filepath.Join(config, "plugins", "data", "quickstart-stophook")
	reason, err := os.ReadFile(filepath.Join(data, "launch-error"))
	if err != nil || !strings.Contains(string(reason), "does not match its sha256") {
		t.Fatalf("launch-error: %q (%v)", reason, err)
	}
	if _, err := os.Stat(filepath.Join(data, "bin", "stophook-quickstart")); err == nil {
		t.Fatal("the bad download was kept")
	}
	// The user sees the reason in the session: Claude Code records the
	// hook's systemMessage in the transcript.
	tr, _ := os.ReadFile(filepath.Join(config, "projects", ProjectKey(e.Dir), r.Out.SessionID+".jsonl"))
	if !strings.Contains(string(tr), "does not match its sha256") {
		t.Errorf("the transcript does not hold the launcher's systemMessage:\n%s", truncate(string(tr), 4000))
	}
	cli := BuildHook(t, "./cmd/stophook")
	out, code := stophookCLI(t, cli, e.Dir, e.Environ(), "doctor")
	if code != 1 || !strings.Contains(out, "FAIL user plugin quickstart@stophook: "+strings.TrimSpace(string(reason))) {
		t.Fatalf("doctor: exit %d, want 1 and the launcher's reason as a FAIL:\n%s", code, out)
	}
}
