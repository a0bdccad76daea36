package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/stophook/stophook/internal/safefile"
)

// pluginPart is a plugin or marketplace name as Claude Code stores them;
// anything else (a path, "..") is not looked up.
var pluginPart = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// launchError is the file the plugin launcher (plugins/launch.sh) writes
// in ${CLAUDE_PLUGIN_DATA} when the hook cannot run, and removes when it
// runs again.
const launchError = "launch-error"

// checkPlugin reports an enabled plugin: FAIL with the launcher's reason
// when its last launch failed; for a plugin run through the stophook
// launcher, whether its binary is there yet.
func checkPlugin(r *report, label, id, config string) {
	name, market, _ := strings.Cut(id, "@")
	if !pluginPart.MatchString(name) || !pluginPart.MatchString(market) {
		r.warnf("%s plugin %q enabled: not a NAME@MARKETPLACE Claude Code installs", label, id)
		return
	}
	data := filepath.Join(config, "plugins", "data", name+"-"+market)
	if b, err := safefile.ReadFile(filepath.Join(data, launchError), 4096); err == nil {
		reason, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
		r.fail("%s plugin %s: %s", label, id, reason)
		return
	}
	launchers, _ := filepath.Glob(filepath.Join(config, "plugins", "cache", market, name, "*", "hooks", "launch.sh"))
	if len(launchers) == 0 {
		r.ok("%s plugin %s enabled", label, id)
		return
	}
	bin := "stophook-" + name
	places := []string{filepath.Join(data, "bin", bin)}
	for _, l := range launchers {
		places = append(places, filepath.Join(filepath.Dir(filepath.Dir(l)), "bin", bin))
	}
	for _, p := range places {
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && isExec(st) {
			r.ok("%s plugin %s enabled: %s ready (%s)", label, id, bin, p)
			return
		}
	}
	r.warnf("%s plugin %s enabled: %s is not there yet; the first session builds it with Go or downloads the release binary", label, id, bin)
}
