// Command hookrec records a hook call for the e2e suite and runs the real
// hook.
//
//	hookrec LOG COMMAND [ARG...]
//
// It reads the hook input from stdin, appends {"id":…,"input":…} to the
// JSONL file LOG at once (so a hook killed on timeout is still recorded),
// runs COMMAND with the same input, passes its stdout, stderr and exit code
// through, and appends {"id":…,"exit":…,"stdout":…,"stderr":…,"ms":…}.
// When COMMAND dies of a signal, hookrec logs exit 128+signal and then
// kills itself with the same signal.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"time"
)

func main() { os.Exit(run(os.Args[1:])) }

func run(args []string) int {
	if len(args) < 2 {
		fmt.Fprintln(os.Stderr, "hookrec: usage: hookrec LOG COMMAND [ARG...]")
		return 1
	}
	log, argv := args[0], args[1:]
	in, err := io.ReadAll(io.LimitReader(os.Stdin, 64<<20))
	if err != nil {
		fmt.Fprintln(os.Stderr, "hookrec:", err)
	}
	id := strconv.Itoa(os.Getpid()) + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	var input any = json.RawMessage(bytes.TrimSpace(in))
	if !json.Valid(in) {
		input = string(in)
	}
	appendLine(log, map[string]any{"id": id, "input": input})

	start := time.Now()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin = bytes.NewReader(in)
	cmd.Stdout = io.MultiWriter(os.Stdout, &stdout)
	cmd.Stderr = io.MultiWriter(os.Stderr, &stderr)
	code := 0
	signal := 0
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
			if signal = signalOf(ee); signal != 0 {
				code = 128 + signal // as a shell reports it
			}
		} else {
			fmt.Fprintln(os.Stderr, "hookrec:", err)
			code = 1
		}
	}
	appendLine(log, map[string]any{
		"id": id, "exit": code, "stdout": stdout.String(), "stderr": stderr.String(),
		"ms": time.Since(start).Milliseconds(),
	})
	if signal != 0 {
		// Die the same way, so that Claude Code sees what the hook did.
		dieBy(signal)
	}
	return code
}

func appendLine(path string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		fmt.Fprintln(os.Stderr, "hookrec:", err)
		return
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, "hookrec:", err)
		return
	}
	defer f.Close()
	// One write call per line: O_APPEND keeps concurrent hooks' lines whole.
	if _, err := f.Write(append(data, '\n')); err != nil {
		fmt.Fprintln(os.Stderr, "hookrec:", err)
	}
}
