// Command snapshot is a test hook that copies the session transcript named
// in its input (transcript_path, or Copilot's transcriptPath) as it is at
// the moment the hook runs.
//
//	snapshot DIR
//
// Each call writes DIR/<n>.jsonl (n = 1, 2, …) and prints nothing, so the
// host carries on as if there were no hook. Errors go to stderr, exit 0.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "snapshot: usage: snapshot DIR")
		return
	}
	if err := snapshot(os.Args[1], os.Stdin); err != nil {
		fmt.Fprintln(os.Stderr, "snapshot:", err)
	}
}

func snapshot(dir string, stdin io.Reader) error {
	var in struct {
		TranscriptPath string `json:"transcript_path"`
		CopilotPath    string `json:"transcriptPath"`
	}
	if err := json.NewDecoder(io.LimitReader(stdin, 16<<20)).Decode(&in); err != nil {
		return err
	}
	path := in.TranscriptPath
	if path == "" {
		path = in.CopilotPath
	}
	if path == "" {
		return fmt.Errorf("no transcript path in the input")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for n := 1; ; n++ {
		f, err := os.OpenFile(filepath.Join(dir, strconv.Itoa(n)+".jsonl"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if os.IsExist(err) {
			continue
		}
		if err != nil {
			return err
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}
}
