package hook

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/stophook/stophook/internal/hostio"
)

// The environment variables the runner reads, all in [readEnv].
const (
	// DisableEnv set to 1 lets every session stop without reading anything.
	DisableEnv = "STOPHOOK_DISABLE"
	// HostEnv forces the host instead of recognising it from the input.
	HostEnv = "STOPHOOK_HOST"
	// StateDirEnv moves every hook's state out of <cwd>/.claude/stophook.
	StateDirEnv = "STOPHOOK_STATE_DIR"
	// MaxTurnBlocksEnv sets the per-turn budget of continuations.
	MaxTurnBlocksEnv = "STOPHOOK_MAX_TURN_BLOCKS"
	// LogEnv names a file that gets one JSON line per decision.
	LogEnv = "STOPHOOK_LOG"
	// ExplainEnv set to 1 prints each decision's trace on stderr.
	ExplainEnv = "STOPHOOK_EXPLAIN"
	// claudeBlockCapEnv is Claude Code's own cap; the default budget follows it.
	claudeBlockCapEnv = "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP"
)

// envVars documents the variables for -h, in the order shown.
var envVars = [][2]string{
	{DisableEnv, "1 lets every stop through without reading the input"},
	{HostEnv, "force the host: " + strings.Join(hostio.Hosts, ", ")},
	{StateDirEnv, "state directory (default <cwd>/.claude/stophook)"},
	{MaxTurnBlocksEnv, fmt.Sprintf("continuations allowed per turn (default $%s, else %d)", claudeBlockCapEnv, defaultMaxTurnBlocks)},
	{claudeBlockCapEnv, "Claude Code's cap on consecutive Stop-hook blocks"},
	{LogEnv, "append one JSON line per decision to this file"},
	{ExplainEnv, "1 prints each decision's trace on stderr"},
}

// env is what the runner takes from the environment, read once.
type env struct {
	disable       bool
	host          string
	stateDir      string
	maxTurnBlocks int // 0: not set
	log           string
	explain       bool
	// warnings name each variable whose value was not understood; the
	// value is then ignored.
	warnings []string
}

// readEnv reads every variable the runner knows through getenv.
func readEnv(getenv func(string) string) env {
	var e env
	flag := func(name string) bool {
		switch v := getenv(name); v {
		case "", "0", "false":
			return false
		case "1", "true":
			return true
		default:
			e.warnings = append(e.warnings, fmt.Sprintf("stophook: %s=%q is not 0 or 1; ignored", name, v))
			return false
		}
	}
	e.disable = flag(DisableEnv)
	e.explain = flag(ExplainEnv)
	if h := getenv(HostEnv); h != "" {
		if hostio.Known(h) {
			e.host = h
		} else {
			e.warnings = append(e.warnings, fmt.Sprintf("stophook: %s=%q is not a known host (%s); recognising the host from the input",
				HostEnv, h, strings.Join(hostio.Hosts, ", ")))
		}
	}
	e.stateDir = getenv(StateDirEnv)
	e.log = getenv(LogEnv)
	for _, name := range []string{MaxTurnBlocksEnv, claudeBlockCapEnv} {
		v := getenv(name)
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n <= 0 {
			e.warnings = append(e.warnings, fmt.Sprintf("stophook: %s=%q is not a positive number; ignored", name, v))
			continue
		}
		if e.maxTurnBlocks == 0 {
			e.maxTurnBlocks = n
		}
	}
	return e
}

// osEnv reads the process environment.
func osEnv() env { return readEnv(os.Getenv) }
