package plugins_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestReleaseScriptLayout runs scripts/release.sh with a go that records
// its build instead of building, and checks the release holds exactly
// stophook-<plugin>_<goos>_<goarch> for every plugin of the marketplace on
// linux and darwin (amd64, arm64) and windows amd64 (.exe), each a static
// build of its example stamped with the plugins' version, and a
// checksums.txt in sha256sum format over exactly those files.
func TestReleaseScriptLayout(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("POSIX shell script")
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	fakeGo := `#!/bin/sh
while [ $# -gt 0 ]; do
	case $1 in -o) out=$2; shift ;; -ldflags=*) ldflags=${1#-ldflags=} ;; esac
	pkg=$1
	shift
done
printf '%s %s CGO_ENABLED=%s %s %s\n' "$GOOS" "$GOARCH" "$CGO_ENABLED" "$pkg" "$ldflags" >"$out"
`
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte(fakeGo), 0o755); err != nil {
		t.Fatal(err)
	}
	dist := filepath.Join(tmp, "dist")
	cmd := exec.Command("../scripts/release.sh", dist)
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "PLUGINS=", "PLATFORMS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("release.sh: %v\n%s", err, out)
	}

	var m marketplace
	readJSON(t, "../.claude-plugin/marketplace.json", &m)
	platforms := []string{"linux_amd64", "linux_arm64", "darwin_amd64", "darwin_arm64", "windows_amd64"}
	var want []string
	for _, p := range m.Plugins {
		for _, pl := range platforms {
			name := "stophook-" + p.Name + "_" + pl
			if strings.HasPrefix(pl, "windows") {
				name += ".exe"
			}
			want = append(want, name)
			goos, goarch, _ := strings.Cut(pl, "_")
			rec, err := os.ReadFile(filepath.Join(dist, name))
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			prefix := goos + " " + goarch + " CGO_ENABLED=0 ./examples/" + p.Name + " "
			if !strings.HasPrefix(string(rec), prefix) || !strings.Contains(string(rec), "buildinfo.version=v"+p.Version) {
				t.Errorf("%s was built as %q; want %q… stamped with version v%s", name, rec, prefix, p.Version)
			}
		}
	}
	entries, err := os.ReadDir(dist)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	slices.Sort(got)
	wantAll := append(slices.Clone(want), "checksums.txt")
	slices.Sort(wantAll)
	if !slices.Equal(got, wantAll) {
		t.Fatalf("release files:\n got %q\nwant %q", got, wantAll)
	}

	sums, err := os.ReadFile(filepath.Join(dist, "checksums.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for line := range strings.SplitSeq(strings.TrimSuffix(string(sums), "\n"), "\n") {
		hash, name, ok := strings.Cut(line, "  ")
		data, err := os.ReadFile(filepath.Join(dist, name))
		if !ok || err != nil {
			t.Errorf("checksums.txt line %q: not <sha256>  <file> of a release file (%v)", line, err)
			continue
		}
		if h := sha256.Sum256(data); hex.EncodeToString(h[:]) != hash {
			t.Errorf("checksums.txt: %s has %s, want %x", name, hash, h)
		}
		listed = append(listed, name)
	}
	slices.Sort(listed)
	slices.Sort(want)
	if !slices.Equal(listed, want) {
		t.Errorf("checksums.txt lists %q, want %q", listed, want)
	}
}
