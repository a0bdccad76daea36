package plugins_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// launch is one run of launch.sh from a copy of the quickstart plugin in
// a temp dir laid out as Claude Code's plugin cache, with PATH holding
// only the tools listed (symlinks to the real ones) and fakes.
type launch struct {
	t     *testing.T
	tmp   string
	root  string // CLAUDE_PLUGIN_ROOT
	data  string // CLAUDE_PLUGIN_DATA
	path  string // the PATH directory
	env   []string
	tools []string
}

// shellTools are what the launcher needs besides a downloader, a hash
// tool and Go.
var shellTools = []string{"sh", "dirname", "basename", "mkdir", "grep", "sed", "tr", "cat", "rmdir", "mv", "rm", "find", "awk", "head", "uname", "chmod"}

func newLaunch(t *testing.T, tools ...string) *launch {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("POSIX shell launcher")
	}
	tmp := t.TempDir()
	l := &launch{t: t, tmp: tmp,
		root: filepath.Join(tmp, "config", "plugins", "cache", "stophook", "quickstart", "0.1.0"),
		data: filepath.Join(tmp, "config", "plugins", "data", "quickstart-stophook"),
		path: filepath.Join(tmp, "path")}
	for _, d := range []string{filepath.Join(l.root, "hooks"), filepath.Join(l.root, ".claude-plugin"), l.path} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	manifest, err := os.ReadFile(filepath.Join("..", "examples", "quickstart", ".claude-plugin", "plugin.json"))
	if err != nil {
		t.Fatal(err)
	}
	l.write(filepath.Join(l.root, ".claude-plugin", "plugin.json"), string(manifest), 0o644)
	src, err := os.ReadFile("launch.sh")
	if err != nil {
		t.Fatal(err)
	}
	l.write(filepath.Join(l.root, "hooks", "launch.sh"), string(src), 0o755)
	for _, tool := range append(shellTools, tools...) {
		p, err := exec.LookPath(tool)
		if err != nil {
			t.Skipf("no %s on PATH for the launcher", tool)
		}
		os.Symlink(p, filepath.Join(l.path, tool))
	}
	// A sleep that records each call instead of sleeping: a test that
	// waits on another session finishes that session's work in it.
	l.fake("sleep", `echo x >>"$0.calls"`)
	return l
}

func (l *launch) write(path, content string, perm os.FileMode) {
	l.t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		l.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), perm); err != nil {
		l.t.Fatal(err)
	}
}

// fake puts a shell script named tool on the launcher's PATH.
func (l *launch) fake(tool, body string) {
	os.Remove(filepath.Join(l.path, tool))
	l.write(filepath.Join(l.path, tool), "#!/bin/sh\n"+body+"\n", 0o755)
}

// calls returns how often the fake tool ran.
func (l *launch) calls(tool string) int {
	b, _ := os.ReadFile(filepath.Join(l.path, tool+".calls"))
	return bytes.Count(b, []byte("x"))
}

type result struct {
	code           int
	stdout, stderr string
}

func (l *launch) run() result {
	l.t.Helper()
	cmd := exec.Command("/bin/sh", filepath.Join(l.root, "hooks", "launch.sh"), "quickstart", "-explain")
	cmd.Env = append([]string{"PATH=" + l.path, "HOME=" + filepath.Join(l.tmp, "home"),
		"CLAUDE_PLUGIN_ROOT=" + l.root, "CLAUDE_PLUGIN_DATA=" + l.data}, l.env...)
	cmd.Stdin = strings.NewReader(`{"hook_event_name":"Stop"}`)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errOut.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else if err != nil {
		l.t.Fatal(err)
	}
	return r
}

// hook is a stand-in for a hook binary: it echoes its args and stdin.
func hook(tag string) string { return "#!/bin/sh\necho \"" + tag + ":$*\"; cat\n" }

const stdinSeen = `{"hook_event_name":"Stop"}`

// asset is the release file name for this machine.
func asset() string {
	arch := map[string]string{"amd64": "amd64", "arm64": "arm64"}[runtime.GOARCH]
	name := "stophook-quickstart_" + runtime.GOOS + "_" + arch
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	return name
}

func sum(b string) string {
	h := sha256.Sum256([]byte(b))
	return hex.EncodeToString(h[:])
}

// release serves files on loopback and counts the requests.
type release struct {
	*httptest.Server
	requests atomic.Int64
}

func serve(t *testing.T, files map[string]string) *release {
	t.Helper()
	r := &release{}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.requests.Add(1)
		body, ok := files[strings.TrimPrefix(req.URL.Path, "/v0.1.0/")]
		if !ok {
			http.NotFound(w, req)
			return
		}
		fmt.Fprint(w, body)
	}))
	t.Cleanup(r.Close)
	return r
}

// systemMessage parses the launcher's stdout as a hook output holding a
// systemMessage.
func systemMessage(t *testing.T, r result) string {
	t.Helper()
	var out struct{ SystemMessage string }
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || out.SystemMessage == "" {
		t.Fatalf("stdout: got %q (%v), want a JSON systemMessage", r.stdout, err)
	}
	return out.SystemMessage
}

// checkFailure checks a run that could not start the hook: exit 0, a
// systemMessage and one stderr line naming the plugin and holding want,
// and the same line in CLAUDE_PLUGIN_DATA/launch-error.
func checkFailure(t *testing.T, l *launch, r result, want string) {
	t.Helper()
	if r.code != 0 {
		t.Fatalf("exit %d, want 0 (the session goes on)", r.code)
	}
	msg := systemMessage(t, r)
	if !strings.Contains(msg, "plugin quickstart") || !strings.Contains(msg, want) || !strings.Contains(msg, "Fix: ") {
		t.Fatalf("systemMessage %q: want it to name plugin quickstart, say %q and give a fix", msg, want)
	}
	if lines := strings.Split(strings.TrimSpace(r.stderr), "\n"); len(lines) != 1 || lines[0] != msg {
		t.Fatalf("stderr: got %q, want the one line %q", r.stderr, msg)
	}
	status, err := os.ReadFile(filepath.Join(l.data, "launch-error"))
	if err != nil || strings.TrimSpace(string(status)) != msg {
		t.Fatalf("launch-error: got %q (%v), want %q", status, err, msg)
	}
	if _, err := os.Stat(filepath.Join(l.data, "bin", ".stophook-quickstart.lock")); !os.IsNotExist(err) {
		t.Fatalf("the lock is left behind: %v", err)
	}
}

func TestLauncherRunsPrebuiltBinary(t *testing.T) {
	t.Parallel()
	l := newLaunch(t)
	l.write(filepath.Join(l.root, "bin", "stophook-quickstart"), hook("prebuilt"), 0o755)
	l.write(filepath.Join(l.data, "launch-error"), "an earlier failure\n", 0o644)
	r := l.run()
	if r.code != 0 || r.stdout != "prebuilt:-explain\n"+stdinSeen {
		t.Fatalf("got exit %d, stdout %q; want the prebuilt binary run with the args and stdin", r.code, r.stdout)
	}
	if _, err := os.Stat(filepath.Join(l.data, "launch-error")); !os.IsNotExist(err) {
		t.Fatalf("launch-error after a run that worked: %v, want it removed", err)
	}
}

func TestLauncherWithoutGoDownloadsVerifiedBinary(t *testing.T) {
	t.Parallel()
	for _, tools := range [][]string{{"curl", "sha256sum"}, {"wget", "shasum"}} {
		t.Run(strings.Join(tools, "+"), func(t *testing.T) {
			t.Parallel()
			l := newLaunch(t, tools...)
			bin := hook("downloaded")
			srv := serve(t, map[string]string{
				asset():         bin,
				"checksums.txt": sum("other") + "  stophook-loop_linux_amd64\n" + sum(bin) + "  " + asset() + "\n",
			})
			l.env = append(l.env, "STOPHOOK_RELEASE_URL="+srv.URL+"/v0.1.0/")
			r := l.run()
			if r.code != 0 || r.stdout != "downloaded:-explain\n"+stdinSeen || r.stderr != "" {
				t.Fatalf("got exit %d, stdout %q, stderr %q; want the downloaded binary run", r.code, r.stdout, r.stderr)
			}
			if n := srv.requests.Load(); n != 2 {
				t.Fatalf("requests: got %d, want 2 (the binary and checksums.txt)", n)
			}
			// The second run takes the cached download.
			if r := l.run(); r.stdout != "downloaded:-explain\n"+stdinSeen {
				t.Fatalf("second run: stdout %q", r.stdout)
			}
			if n := srv.requests.Load(); n != 2 {
				t.Fatalf("requests after the second run: got %d, want still 2 (cached)", n)
			}
			left, _ := filepath.Glob(filepath.Join(l.data, "bin", "*.*"))
			if len(left) != 0 {
				t.Fatalf("temporary files left: %v", left)
			}
		})
	}
}

func TestLauncherChecksumMismatchNeverRuns(t *testing.T) {
	t.Parallel()
	for name, sums := range map[string]func(bin string) string{
		"wrong sum":    func(bin string) string { return sum(bin+"x") + "  " + asset() + "\n" },
		"not listed":   func(bin string) string { return sum(bin) + "  stophook-loop_linux_amd64\n" },
		"empty":        func(string) string { return "" },
		"other prefix": func(bin string) string { return sum(bin) + "  x" + asset() + "\n" },
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			l := newLaunch(t, "curl", "sha256sum")
			marker := filepath.Join(l.tmp, "ran")
			bin := "#!/bin/sh\necho owned >" + marker + "\n"
			srv := serve(t, map[string]string{asset(): bin, "checksums.txt": sums(bin)})
			l.env = append(l.env, "STOPHOOK_RELEASE_URL="+srv.URL+"/v0.1.0")
			r := l.run()
			checkFailure(t, l, r, "does not match its sha256")
			if _, err := os.Stat(marker); !os.IsNotExist(err) {
				t.Fatal("the download ran although its checksum did not match")
			}
			if left, _ := filepath.Glob(filepath.Join(l.data, "bin", "stophook-*")); len(left) != 0 {
				t.Fatalf("files kept from the bad download: %v", left)
			}
		})
	}
}

func TestLauncherDownloadFailureIsVisible(t *testing.T) {
	t.Parallel()
	l := newLaunch(t, "curl", "sha256sum")
	srv := serve(t, map[string]string{})
	l.env = append(l.env, "STOPHOOK_RELEASE_URL="+srv.URL+"/v0.1.0")
	checkFailure(t, l, l.run(), "Go is not installed and the download of "+srv.URL+"/v0.1.0/"+asset()+" failed")
}

func TestLauncherDefaultsToTheGitHubReleaseOfThePluginVersion(t *testing.T) {
	t.Parallel()
	l := newLaunch(t, "sha256sum")
	l.fake("curl", `echo "$*" >>"$0.args"; exit 22`)
	checkFailure(t, l, l.run(), "the download of")
	args, _ := os.ReadFile(filepath.Join(l.path, "curl.args"))
	var manifest struct{ Version string }
	readJSON(t, filepath.Join("..", "examples", "quickstart", ".claude-plugin", "plugin.json"), &manifest)
	want := "https://github.com/stophook/stophook/releases/download/v" + manifest.Version + "/" + asset()
	if manifest.Version == "" || !strings.Contains(string(args), want) {
		t.Fatalf("curl got %q, want the URL %s (the release of the plugin's version %q)", args, want, manifest.Version)
	}
}

// TestLauncherWarnsAboutABadLockTimeout: a value of STOPHOOK_LOCK_TIMEOUT
// that is not a number of seconds gets one line naming it, and the
// default applies.
func TestLauncherWarnsAboutABadLockTimeout(t *testing.T) {
	t.Parallel()
	l := newLaunch(t)
	l.source(fakeBuild)
	l.write(filepath.Join(l.tmp, "home", ".claude", "plugins", "known_marketplaces.json"),
		`{"stophook":{"installLocation":"`+filepath.Join(l.tmp, "checkout")+`"}}`, 0o644)
	l.env = append(l.env, "STOPHOOK_LOCK_TIMEOUT=5m")
	r := l.run()
	want := `stophook-quickstart (plugin quickstart): STOPHOOK_LOCK_TIMEOUT="5m" is not a number of seconds; using 300` + "\n"
	if r.code != 0 || r.stdout != "built:-explain\n"+stdinSeen || r.stderr != want {
		t.Fatalf("got exit %d, stdout %q, stderr %q; want the hook built and run, and the one warning %q", r.code, r.stdout, r.stderr, want)
	}
}

func TestLauncherWithoutDownloaderOrHashToolFailsVisibly(t *testing.T) {
	t.Parallel()
	l := newLaunch(t, "sha256sum")
	checkFailure(t, l, l.run(), "neither curl nor wget")
	l = newLaunch(t, "curl")
	checkFailure(t, l, l.run(), "neither sha256sum nor shasum")
}

// source makes a directory that looks like the stophook checkout to the
// launcher, with a fake go that "builds" a script.
func (l *launch) source(goBody string) string {
	src := filepath.Join(l.tmp, "checkout")
	l.write(filepath.Join(src, "go.mod"), "module github.com/stophook/stophook\n", 0o644)
	l.write(filepath.Join(src, "examples", "quickstart", "main.go"), "package main\n", 0o644)
	l.fake("go", goBody)
	return src
}

// fakeBuild is a go whose build writes a hook script to its -o file.
const fakeBuild = `echo x >>"$0.calls"
while [ $# -gt 0 ]; do
	if [ "$1" = -o ]; then printf '#!/bin/sh\necho "built:$*"; cat\n' >"$2"; chmod +x "$2"; fi
	shift
done`

func TestLauncherBuildsFromTheMarketplaceInClaudeConfigDir(t *testing.T) {
	t.Parallel()
	l := newLaunch(t)
	src := l.source(fakeBuild)
	config := filepath.Join(l.tmp, "config")
	known, _ := json.Marshal(map[string]any{"stophook": map[string]any{"installLocation": src}})
	l.write(filepath.Join(config, "plugins", "known_marketplaces.json"), string(known), 0o644)
	l.env = append(l.env, "CLAUDE_CONFIG_DIR="+config)
	r := l.run()
	if r.code != 0 || r.stdout != "built:-explain\n"+stdinSeen {
		t.Fatalf("got exit %d, stdout %q, stderr %q; want the built binary run", r.code, r.stdout, r.stderr)
	}
	if l.run(); l.calls("go") != 1 {
		t.Fatalf("go ran %d times, want once (the second run takes the built binary)", l.calls("go"))
	}
}

func TestLauncherFailedBuildFallsBackToDownload(t *testing.T) {
	t.Parallel()
	l := newLaunch(t, "curl", "sha256sum")
	src := l.source("echo 'cannot load module' >&2; exit 1")
	known, _ := json.Marshal(map[string]any{"stophook": map[string]any{"installLocation": src}})
	l.write(filepath.Join(l.tmp, "home", ".claude", "plugins", "known_marketplaces.json"), string(known), 0o644)
	srv := serve(t, map[string]string{})
	l.env = append(l.env, "STOPHOOK_RELEASE_URL="+srv.URL)
	checkFailure(t, l, l.run(), "go build failed (see "+filepath.Join(l.data, "bin", "stophook-quickstart.build.log")+") and the download of")
	bin := hook("downloaded")
	srv2 := serve(t, map[string]string{asset(): bin, "checksums.txt": sum(bin) + " *" + asset() + "\n"})
	l.env = append(l.env, "STOPHOOK_RELEASE_URL="+srv2.URL+"/v0.1.0")
	if r := l.run(); r.stdout != "downloaded:-explain\n"+stdinSeen {
		t.Fatalf("got stdout %q, stderr %q; want the download run after the failed build", r.stdout, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(l.data, "launch-error")); !os.IsNotExist(err) {
		t.Fatalf("launch-error after a run that worked: %v", err)
	}
}

// lockDir is the launcher's lock of the quickstart plugin.
func (l *launch) lockDir(pid string, age time.Duration) {
	lock := filepath.Join(l.data, "bin", ".stophook-quickstart.lock")
	if err := os.MkdirAll(lock, 0o755); err != nil {
		l.t.Fatal(err)
	}
	if pid != "" {
		l.write(filepath.Join(lock, "pid"), pid+"\n", 0o644)
	}
	old := time.Now().Add(-age)
	if err := os.Chtimes(lock, old, old); err != nil {
		l.t.Fatal(err)
	}
}

// deadPID returns the pid of a process that has exited.
func deadPID(t *testing.T) string {
	cmd := exec.Command("/bin/sh", "-c", "exit 0")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return strconv.Itoa(cmd.Process.Pid)
}

func TestLauncherTakesOverAStaleLock(t *testing.T) {
	t.Parallel()
	for name, lock := range map[string]struct {
		pid func(t *testing.T) string
		age time.Duration
	}{
		// The first run of an older launcher killed by the hook timeout.
		"old lock without pid": {func(*testing.T) string { return "" }, time.Hour},
		// Older than its timeout: taken over even if the pid is alive.
		"old lock with live pid": {func(*testing.T) string { return strconv.Itoa(os.Getpid()) }, time.Hour},
		// Fresh but its owner is gone.
		"fresh lock with dead pid": {deadPID, 0},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			l := newLaunch(t)
			l.source(fakeBuild)
			l.write(filepath.Join(l.tmp, "home", ".claude", "plugins", "known_marketplaces.json"),
				`{"stophook":{"installLocation":"`+filepath.Join(l.tmp, "checkout")+`"}}`, 0o644)
			l.lockDir(lock.pid(t), lock.age)
			r := l.run()
			if r.code != 0 || r.stdout != "built:-explain\n"+stdinSeen {
				t.Fatalf("got exit %d, stdout %q, stderr %q; want the lock taken over and the hook built and run", r.code, r.stdout, r.stderr)
			}
			if n := l.calls("sleep"); n != 0 {
				t.Fatalf("the launcher waited %d time(s) for a dead lock", n)
			}
			if _, err := os.Stat(filepath.Join(l.data, "bin", ".stophook-quickstart.lock")); !os.IsNotExist(err) {
				t.Fatalf("lock left behind: %v", err)
			}
		})
	}
}

func TestLauncherWaitsForALiveLock(t *testing.T) {
	t.Parallel()
	l := newLaunch(t)
	l.source(fakeBuild)
	l.write(filepath.Join(l.tmp, "home", ".claude", "plugins", "known_marketplaces.json"),
		`{"stophook":{"installLocation":"`+filepath.Join(l.tmp, "checkout")+`"}}`, 0o644)
	l.lockDir(strconv.Itoa(os.Getpid()), 0)
	// The other session finishes its build while this one waits.
	out := filepath.Join(l.data, "bin", "stophook-quickstart")
	l.fake("sleep", `echo x >>"$0.calls"; printf '#!/bin/sh\necho "other:$*"\n' >`+out+`; chmod +x `+out)
	r := l.run()
	if r.code != 0 || r.stdout != "other:-explain\n" {
		t.Fatalf("got exit %d, stdout %q, stderr %q; want the other session's binary run", r.code, r.stdout, r.stderr)
	}
	if l.calls("sleep") != 1 || l.calls("go") != 0 {
		t.Fatalf("sleep ran %d times, go %d; want one wait and no build", l.calls("sleep"), l.calls("go"))
	}
}

func TestLauncherGivesUpOnALiveLockVisibly(t *testing.T) {
	t.Parallel()
	l := newLaunch(t)
	l.lockDir(strconv.Itoa(os.Getpid()), 0)
	l.env = append(l.env, "STOPHOOK_LOCK_TIMEOUT=3")
	checkFailureKeepsLock := func() {
		r := l.run()
		msg := systemMessage(t, r)
		if r.code != 0 || !strings.Contains(msg, "another session has been getting stophook-quickstart for 3 s") {
			t.Fatalf("got exit %d, systemMessage %q", r.code, msg)
		}
	}
	checkFailureKeepsLock()
	if n := l.calls("sleep"); n != 3 {
		t.Fatalf("sleep ran %d times, want 3 (STOPHOOK_LOCK_TIMEOUT)", n)
	}
	if _, err := os.Stat(filepath.Join(l.data, "bin", ".stophook-quickstart.lock", "pid")); err != nil {
		t.Fatalf("the live session's lock was removed: %v", err)
	}
}

// TestReleaseScriptFeedsTheLauncher builds this platform's release of the
// quickstart plugin with scripts/release.sh, serves it on loopback, and
// has the launcher (without Go) download, verify and run it.
func TestReleaseScriptFeedsTheLauncher(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds a release binary")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go on PATH")
	}
	l := newLaunch(t, "curl", "sha256sum")
	dist := filepath.Join(l.tmp, "dist")
	cmd := exec.Command("../scripts/release.sh", dist)
	cmd.Env = append(os.Environ(), "PLUGINS=quickstart", "PLATFORMS="+runtime.GOOS+"/"+runtime.GOARCH)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("release.sh: %v\n%s", err, out)
	}
	sums, err := os.ReadFile(filepath.Join(dist, "checksums.txt"))
	if err != nil {
		t.Fatal(err)
	}
	bin, err := os.ReadFile(filepath.Join(dist, asset()))
	if err != nil {
		t.Fatal(err)
	}
	if want := sum(string(bin)) + "  " + asset() + "\n"; string(sums) != want {
		t.Fatalf("checksums.txt: got %q, want %q (sha256sum format)", sums, want)
	}
	srv := httptest.NewServer(http.StripPrefix("/v0.1.0", http.FileServer(http.Dir(dist))))
	t.Cleanup(srv.Close)
	l.env = append(l.env, "STOPHOOK_RELEASE_URL="+srv.URL+"/v0.1.0")
	r := l.run()
	if r.code != 0 || r.stdout != "{}\n" || !strings.Contains(r.stderr, "stophook: decision: pass") {
		t.Fatalf("got exit %d, stdout %q, stderr %q; want the released quickstart hook's answer and -explain lines", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(l.data, "launch-error")); !os.IsNotExist(err) {
		t.Fatalf("launch-error: %v", err)
	}
	// The release says which version and commit it is, however the
	// checkout was made (the go command records no revision in a git
	// worktree or with -buildvcs=false; release.sh stamps both).
	var manifest struct{ Version string }
	readJSON(t, filepath.Join("..", "examples", "quickstart", ".claude-plugin", "plugin.json"), &manifest)
	out, err := exec.Command(filepath.Join(dist, asset()), "-version").Output()
	if err != nil {
		t.Fatal(err)
	}
	want := "stophook-quickstart v" + manifest.Version
	if rev, err := exec.Command("git", "rev-parse", "HEAD").Output(); err == nil {
		want += " (revision " + strings.TrimSpace(string(rev))
	}
	if !strings.HasPrefix(string(out), want) {
		t.Errorf("-version of the release: got %q, want it to start with %q", out, want)
	}
}
