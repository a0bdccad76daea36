package deps

import (
	"os/exec"
	"strings"
	"testing"
)

// light are the library packages a hook loads on its fast path. The
// example binaries are not here: they offer -store redis:// and (quickstart,
// loop) -http, so they link net/http and the Redis client on purpose.
var light = []string{
	"github.com/stophook/stophook",
	"github.com/stophook/stophook/policy",
	"github.com/stophook/stophook/policy/triage",
	"github.com/stophook/stophook/loopstate",
	"github.com/stophook/stophook/queue",
	"github.com/stophook/stophook/escalate",
	"github.com/stophook/stophook/transcript",
	"github.com/stophook/stophook/signals",
	"github.com/stophook/stophook/judge",
	"github.com/stophook/stophook/llm",
}

// heavy must not be among the dependencies of a light package.
var heavy = []string{"net/http", "crypto/tls", "github.com/redis/go-redis/v9", "github.com/stophook/stophook/redisstore"}

func TestHookPackagesHaveNoHTTP(t *testing.T) {
	t.Parallel()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	for _, pkg := range light {
		t.Run(strings.TrimPrefix(pkg, "github.com/stophook/"), func(t *testing.T) {
			t.Parallel()
			out, err := exec.Command(goTool, "list", "-deps", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, pkg).Output()
			if err != nil {
				t.Fatalf("go list -deps %s: %v", pkg, err)
			}
			// Each line: a package and its direct imports, to name the culprit.
			for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
				fields := strings.Fields(line)
				for _, imp := range fields[1:] {
					for _, h := range heavy {
						if imp == h {
							t.Errorf("%s depends on %s (imported by %s)", pkg, h, fields[0])
						}
					}
				}
			}
		})
	}
}

// cliOnly are the libraries only the stophook command links: the settings
// editors' JSONC and TOML parsers.
var cliOnly = []string{"github.com/tailscale/hujson", "github.com/pelletier/go-toml/v2"}

func TestHookBinariesDoNotLinkCLIDeps(t *testing.T) {
	t.Parallel()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	pkgs := append([]string{"github.com/stophook/stophook/examples/...", "github.com/stophook/stophook/plugins/..."}, light...)
	args := append([]string{"list", "-e", "-deps", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`}, pkgs...)
	out, err := exec.Command(goTool, args...).Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		for _, imp := range fields[1:] {
			for _, c := range cliOnly {
				if imp == c || strings.HasPrefix(imp, c+"/") {
					t.Errorf("a hook binary links %s (imported by %s)", imp, fields[0])
				}
			}
		}
	}
	// The test must see the packages it guards: the CLI does link them.
	cli, err := exec.Command(goTool, "list", "-deps", "github.com/stophook/stophook/cmd/stophook").Output()
	if err != nil {
		t.Fatalf("go list -deps cmd/stophook: %v", err)
	}
	if !strings.Contains(string(cli), cliOnly[0]+"\n") {
		t.Errorf("cmd/stophook does not link %s: the guard above checks nothing", cliOnly[0])
	}
}

// TestTurnJudgeLinksNoMarkdownParser: the turn judge, which ErrorRetry and
// AutoReply use by default, blanks code itself, so a hook that retries
// errors does not link goldmark.
func TestTurnJudgeLinksNoMarkdownParser(t *testing.T) {
	t.Parallel()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	for _, pkg := range []string{"github.com/stophook/stophook/judge", "github.com/stophook/stophook/policy"} {
		out, err := exec.Command(goTool, "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		if strings.Contains(string(out), "github.com/yuin/goldmark") {
			t.Errorf("%s links goldmark", pkg)
		}
	}
}
