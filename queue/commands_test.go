package queue

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func writeFile0(t *testing.T, path, content string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o700))
	require.NoError(t, os.WriteFile(path, []byte(content), 0o600))
}

func TestCommandsExist(t *testing.T) {
	t.Parallel()
	project, config := t.TempDir(), t.TempDir()
	writeFile0(t, filepath.Join(project, ".claude", "commands", "gsd", "plan-phase.md"), "plan")
	writeFile0(t, filepath.Join(project, ".claude", "commands", "deploy.md"), "deploy")
	writeFile0(t, filepath.Join(project, ".claude", "skills", "tidy", "SKILL.md"), "tidy")
	writeFile0(t, filepath.Join(config, "commands", "mine.md"), "mine")
	plugin := filepath.Join(t.TempDir(), "plugin-root")
	writeFile0(t, filepath.Join(plugin, "commands", "ship.md"), "ship")
	writeFile0(t, filepath.Join(config, "plugins", "installed_plugins.json"),
		`{"version":2,"plugins":{"release@market":[{"installPath":"`+plugin+`"}]}}`)
	c := Commands{ProjectDir: project, ConfigDir: config}

	for name, want := range map[string]bool{
		"clear": true, "compact": true, "gsd:plan-phase": true, "deploy": true, "tidy": true,
		"mine": true, "release:ship": true,
		"gsd:nope": false, "nope": false, "release:nope": false, "other:ship": false,
		"": false, "../etc/passwd": false, "gsd:../../x": false, "gsd/plan-phase": false,
	} {
		assert.Equal(t, want, c.Exists(name), name)
	}

	require.NoError(t, c.Check([]string{"/clear", "/gsd:plan-phase 3", "just a prompt", "/deploy now"}))
	err := c.Check([]string{"/clear", "/gsd:exec 3"})
	assert.ErrorIs(t, err, errUnknownCommand)
	assert.ErrorContains(t, err, "/gsd:exec")
}
