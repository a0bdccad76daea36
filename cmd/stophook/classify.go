package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/stophook/stophook/internal/textcut"
	"github.com/stophook/stophook/judge"
	"github.com/stophook/stophook/transcript"
)

// maxClassifyLine is the longest input line classify reads: 4 MiB. A longer
// line is skipped as it is read and answered with an error object.
const maxClassifyLine = 4 << 20

// classifyOpts holds classify's flags.
type classifyOpts struct {
	maxLine int
}

func classifyFlags(o *classifyOpts) *flag.FlagSet {
	fs := newFlags("classify", "< requests.jsonl", `
Read one JSON object per line on stdin, {"message": "..."} with optionally
"transcript_path" (the session's transcript) and "id" (echoed back), and
write one JSON object per input line on stdout: what the turn judge makes of
that final message, {"class": "done"|"question"|"error", "kind": ...,
"confidence": 0..1, "why": "..."}. kind is "permission" or "decision" for a
question, "failed" or "claimed_success" for an error, "done" otherwise.
With "transcript_path" the tool results of the transcript's last turn are
evidence too; without "message" the last reply of the transcript is
judged. A transcript that cannot be read leaves the message to be judged
alone, as in a hook, with "warning" saying why. A line that is not such an
object, or that is longer than -max-line bytes, gets {"error": "..."} on its
line; classify goes on with the next one.`, nil)
	fs.IntVar(&o.maxLine, "max-line", maxClassifyLine, "longest input line in `bytes`")
	return fs
}

// classifyRequest is one input line.
type classifyRequest struct {
	ID             json.RawMessage `json:"id,omitempty"`
	Message        *string         `json:"message"`
	TranscriptPath string          `json:"transcript_path"`
}

// classifyAnswer is one output line.
type classifyAnswer struct {
	ID         json.RawMessage `json:"id,omitempty"`
	Class      string          `json:"class,omitempty"`
	Kind       string          `json:"kind,omitempty"`
	Confidence float64         `json:"confidence,omitempty"`
	Why        string          `json:"why,omitempty"`
	// Warning says why the transcript was not read when the message was
	// judged alone, as a hook would judge it.
	Warning string `json:"warning,omitempty"`
	Error   string `json:"error,omitempty"`
}

func runClassify(args []string, s *sys) int {
	var o classifyOpts
	fs := classifyFlags(&o)
	if done, code := parse(fs, args, s); done {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(s.stderr, "stophook classify: unexpected argument %q (requests come on stdin)\n", fs.Arg(0))
		return 2
	}
	if o.maxLine <= 0 {
		o.maxLine = maxClassifyLine
	}
	in := s.stdin
	if in == nil {
		in = os.Stdin
	}
	out := bufio.NewWriter(s.stdout)
	err := classifyLines(in, out, o.maxLine)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintf(s.stderr, "stophook classify: %v\n", err)
		return 1
	}
	return 0
}

// classifyLines answers every line of r on w, one line each, in order.
// Only a read error of r or a write error of w stops it.
func classifyLines(r io.Reader, w io.Writer, maxLine int) error {
	lr := newLineReader(r, maxLine)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for {
		line, tooLong, err := lr.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		var a classifyAnswer
		if tooLong {
			a.Error = fmt.Sprintf("line longer than %d bytes", maxLine)
		} else if len(bytes.TrimSpace(line)) == 0 {
			a.Error = "empty line"
		} else {
			a = classifyOne(line)
		}
		if err := enc.Encode(a); err != nil {
			return err
		}
	}
}

// classifyOne answers one request line.
func classifyOne(line []byte) classifyAnswer {
	var req classifyRequest
	err := json.Unmarshal(line, &req)
	var typ *json.UnmarshalTypeError
	if err != nil && (!errors.As(err, &typ) || typ.Field == "") {
		return classifyAnswer{Error: "not a JSON object: " + shortErr(err)}
	}
	a := classifyAnswer{ID: req.ID} // decoded even when another member has the wrong type
	if len(a.ID) > 256 {
		a.ID = nil
	}
	if err != nil {
		a.Error = typ.Field + ": want a string, not " + typ.Value
		return a
	}
	msg := ""
	if req.Message != nil {
		msg = *req.Message
	}
	if req.Message == nil || (strings.TrimSpace(msg) == "" && req.TranscriptPath != "") {
		if req.TranscriptPath == "" {
			a.Error = `want "message" or "transcript_path"`
			return a
		}
		text, err := transcript.LastAssistantText("", req.TranscriptPath)
		if err != nil {
			a.Error = shortErr(err)
			return a
		}
		msg = text
	}
	var ev *judge.Evidence
	if req.TranscriptPath != "" {
		e, err := readEvidence(req.TranscriptPath)
		if err != nil {
			// The message alone decides, as in a hook, which fails open.
			a.Warning = "transcript not read, message judged alone: " + shortErr(err)
		}
		ev = e
	}
	v := judge.Judge(msg, ev)
	a.Class, a.Kind, a.Confidence, a.Why = v.Class.String(), v.Kind.String(), v.Confidence, v.Why
	if a.Kind == "" {
		a.Kind = a.Class
	}
	return a
}

// readEvidence reads the evidence of the transcript at path's last turn,
// turning a panic into an error: a transcript is untrusted input.
func readEvidence(path string) (ev *judge.Evidence, err error) {
	defer func() {
		if r := recover(); r != nil {
			ev, err = nil, fmt.Errorf("judge: reading the transcript panicked: %v", r)
		}
	}()
	return judge.Read(path, transcript.FormatAuto)
}

// shortErr is err's text cut to one short line.
func shortErr(err error) string {
	var se *json.SyntaxError
	msg := err.Error()
	if errors.As(err, &se) {
		msg = fmt.Sprintf("%v at byte %d", se, se.Offset)
	}
	if len(msg) > 200 {
		msg = textcut.Bytes(msg, 200) + "…"
	}
	return msg
}
