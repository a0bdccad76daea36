package e2e

import (
	"os"
	"path/filepath"
	"testing"
)

func writeExec(t *testing.T, path string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// Client.Find looks at the override, then the pinned install in the cache,
// then PATH; an override that is not executable finds nothing.
func TestClientFind(t *testing.T) {
	dir := t.TempDir()
	cache := filepath.Join(dir, "cache")
	onPath := writeExec(t, filepath.Join(dir, "path", "qwen"))
	inCache := filepath.Join(cache, "qwen-"+Qwen.Version, Qwen.Bin)
	override := writeExec(t, filepath.Join(dir, "override", "qwen"))
	t.Setenv("STOPHOOK_CACHE", cache)
	t.Setenv("PATH", filepath.Dir(onPath))

	t.Setenv(Qwen.Env(), "")
	if got := Qwen.Find(); got != onPath {
		t.Errorf("PATH only: %q, want %q", got, onPath)
	}
	writeExec(t, inCache)
	if got := Qwen.Find(); got != inCache {
		t.Errorf("cache and PATH: %q, want the cache's %q", got, inCache)
	}
	t.Setenv(Qwen.Env(), override)
	if got := Qwen.Find(); got != override {
		t.Errorf("override: %q, want %q", got, override)
	}
	t.Setenv(Qwen.Env(), filepath.Join(dir, "missing"))
	if got := Qwen.Find(); got != "" {
		t.Errorf("missing override: %q, want nothing", got)
	}
	if Qwen.Env() != "STOPHOOK_QWEN" || Droid.Dir() != filepath.Join(cache, "droid-0.225.2") {
		t.Errorf("Env %q, Dir %q", Qwen.Env(), Droid.Dir())
	}
}
