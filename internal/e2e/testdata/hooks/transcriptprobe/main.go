// Command transcriptprobe is a Stop hook for the transcript e2e scenario.
// On every call it reads the session transcript with package transcript
// and appends what it saw, as one JSON line, to the file named by -out.
// It blocks the first stop (stop_hook_active false) with -reason and
// allows the next.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"os"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/transcript"
)

// Report is what the hook saw at one Stop.
type Report struct {
	StopHookActive bool     `json:"stop_hook_active"`
	CWD            string   `json:"cwd"`
	Err            string   `json:"err,omitempty"` // reading the transcript
	Messages       int      `json:"messages"`
	Meta           int      `json:"meta"`  // messages with IsMeta
	Tools          []string `json:"tools"` // RecentTools, relative to cwd
	LastText       string   `json:"last_text"`
	TranscriptText string   `json:"transcript_text"` // LastAssistantText without the hook field
}

func main() {
	out := flag.String("out", "", "append reports to this file")
	reason := flag.String("reason", "probe: one more step", "block reason of the first stop")
	flag.Parse()
	probe := stophook.PolicyFunc(func(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
		path := transcript.Path(in.TranscriptPath, in.AgentTranscriptPath)
		r := Report{StopHookActive: in.StopHookActive, CWD: in.CWD}
		msgs, err := transcript.Tail(path, 20)
		if err != nil {
			r.Err = err.Error()
		}
		r.Messages = len(msgs)
		for _, m := range msgs {
			if m.IsMeta {
				r.Meta++
			}
		}
		for _, u := range transcript.RecentToolUses(msgs, 10) {
			r.Tools = append(r.Tools, u.Relative(in.CWD))
		}
		r.LastText, _ = transcript.LastAssistantText(in.LastAssistantMessage, path)
		r.TranscriptText, _ = transcript.LastAssistantText("", path)
		if err := appendJSON(*out, r); err != nil {
			return stophook.Decision{}, err
		}
		if in.StopHookActive {
			return stophook.AllowStop("probe: second stop"), nil
		}
		return stophook.BlockWith(*reason), nil
	})
	hook.Main(stophook.NewChain(stophook.Named("transcriptprobe", probe)), hook.Options{})
}

func appendJSON(path string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(data, '\n')); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
