package gentranscript

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"
)

var words = strings.Fields(`the a to of and in is it for on that this with file test
function return error value config build run package import const type struct
interface handler request response module update change fix check read write
parse string number index array object path line output input result session
hook stop agent message tool call user model token cache retry timeout context`)

const b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

type gen struct {
	w    io.Writer
	err  error
	r    *rand.Rand
	o    Options
	text string // JSON-escaped prose, without quotes: only \n and \" escapes
	blob string // base64 characters
	seq  int
	t0   time.Time
	last string // uuid of the previous message, for parentUuid
}

func newGen(o Options) *gen {
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.LastText == "" {
		o.LastText = DefaultLastText
	}
	if o.SessionID == "" {
		o.SessionID = "3f2a9c41-7b1e-4c55-9d0a-6e8b2f4c1a77"
	}
	if o.CWD == "" {
		o.CWD = "/home/dev/project"
	}
	g := &gen{r: rand.New(rand.NewPCG(o.Seed, 0x5700_4800)), o: o, t0: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)}
	var sb strings.Builder
	for sb.Len() < 1<<20 {
		w := words[g.r.IntN(len(words))]
		switch g.r.IntN(40) {
		case 0:
			sb.WriteString(`\n`)
		case 1:
			sb.WriteString(`\"` + w + `\" `)
		default:
			sb.WriteString(w + " ")
		}
	}
	g.text = sb.String()
	bb := make([]byte, 1<<20)
	for i := range bb {
		bb[i] = b64[g.r.IntN(len(b64))]
	}
	g.blob = string(bb)
	return g
}

// reset starts the random stream and the counters from the beginning.
func (g *gen) reset() {
	g.r = rand.New(rand.NewPCG(g.o.Seed, 0x5700_4800))
	g.seq = 0
	g.last = ""
}

// restart resets the random stream and the counters, so what follows does
// not depend on what came before.
func (g *gen) restart() {
	g.r = rand.New(rand.NewPCG(g.o.Seed, 0x7a11))
	g.seq = 1 << 24
	g.last = "00000000-0000-4000-8000-00000000ta11"
}

// prose returns about n bytes of JSON-escaped text (without quotes).
func (g *gen) prose(n int) string {
	n = min(max(n, 1), len(g.text)-1)
	i := g.r.IntN(len(g.text) - n)
	s := g.text[i : i+n]
	// Never cut an escape in two: a window may not end in the backslash of
	// \n or \", nor start with the quote of \".
	s = strings.TrimPrefix(s, `"`)
	if strings.HasSuffix(s, `\`) {
		s = s[:len(s)-1]
	}
	return s
}

func (g *gen) base64(n int) string {
	n = min(max(n, 1), len(g.blob))
	i := g.r.IntN(len(g.blob) - n + 1)
	return g.blob[i : i+n]
}

func (g *gen) between(lo, hi int) int { return lo + g.r.IntN(hi-lo+1) }

func (g *gen) uuid() string {
	g.seq++
	return fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", g.seq*2654435761&0xffffffff, g.seq&0xffff, g.seq&0xfff, (g.seq>>12)&0xfff, g.seq)
}

func (g *gen) ts() string {
	return g.t0.Add(time.Duration(g.seq) * 731 * time.Millisecond).Format("2006-01-02T15:04:05.000Z07:00")
}

func (g *gen) line(format string, args ...any) {
	if g.err != nil {
		return
	}
	_, g.err = fmt.Fprintf(g.w, format+"\n", args...)
}

// envelope returns the common fields of a message line and advances parentUuid.
func (g *gen) envelope() (head, tail string) {
	u := g.uuid()
	parent := "null"
	if g.last != "" {
		parent = quote(g.last)
	}
	g.last = u
	head = fmt.Sprintf(`{"parentUuid":%s,"isSidechain":false,"userType":"external","cwd":%s,"sessionId":%s,"version":"2.1.330","gitBranch":"main"`,
		parent, quote(g.o.CWD), quote(g.o.SessionID))
	tail = fmt.Sprintf(`"uuid":%s,"timestamp":%s}`, quote(u), quote(g.ts()))
	return head, tail
}

func (g *gen) user(content string, extra string) {
	h, t := g.envelope()
	g.line(`%s,"type":"user","message":{"role":"user","content":%s}%s,%s`, h, content, extra, t)
}

func (g *gen) assistant(msgID, block, stop string) {
	h, t := g.envelope()
	g.line(`%s,"message":{"model":"claude-sonnet-4-5","id":%s,"type":"message","role":"assistant","content":[%s],"stop_reason":%s,"stop_sequence":null,"usage":{"input_tokens":%d,"cache_creation_input_tokens":%d,"cache_read_input_tokens":%d,"output_tokens":%d,"service_tier":"standard"}},"requestId":"req_011C%s","type":"assistant",%s`,
		h, quote(msgID), block, stop, g.between(1, 9), g.between(0, 4000), g.between(10000, 90000), g.between(10, 900), msgID[len(msgID)-8:], t)
}

func (g *gen) record(typ, fields string) {
	g.seq++
	g.line(`{"type":%s,%s,"timestamp":%s,"sessionId":%s}`, quote(typ), fields, quote(g.ts()), quote(g.o.SessionID))
}

type call struct{ id, name, input string }

func (g *gen) toolCall() call {
	id := fmt.Sprintf("toolu_01%016x", g.r.Uint64())
	path := fmt.Sprintf("%s/src/%s/%s.go", g.o.CWD, words[g.r.IntN(len(words))], words[g.r.IntN(len(words))])
	switch g.r.IntN(7) {
	case 0:
		return call{id, "Read", fmt.Sprintf(`{"file_path":%s}`, quote(path))}
	case 1:
		return call{id, "Edit", fmt.Sprintf(`{"file_path":%s,"old_string":"%s","new_string":"%s","replace_all":false}`, quote(path), g.prose(g.between(40, 800)), g.prose(g.between(40, 800)))}
	case 2:
		return call{id, "Write", fmt.Sprintf(`{"file_path":%s,"content":"%s"}`, quote(path), g.prose(g.between(500, 12000)))}
	case 3:
		return call{id, "Bash", fmt.Sprintf(`{"command":"go test ./%s/...","description":"Run the tests"}`, words[g.r.IntN(len(words))])}
	case 4:
		return call{id, "Grep", fmt.Sprintf(`{"pattern":"func %s","path":%s,"output_mode":"content"}`, words[g.r.IntN(len(words))], quote(g.o.CWD))}
	case 5:
		return call{id, "Glob", `{"pattern":"**/*_test.go"}`}
	default:
		return call{id, "Task", fmt.Sprintf(`{"description":"Review %s","prompt":"%s","subagent_type":"general-purpose"}`, words[g.r.IntN(len(words))], g.prose(g.between(100, 600)))}
	}
}

func (g *gen) msgID() string { return fmt.Sprintf("msg_01%016x", g.r.Uint64()) }

// step writes one model call: the api records, the reply's blocks, and the
// tool results.
func (g *gen) step() {
	req := fmt.Sprintf("%08x-%04x-4%03x-a%03x-%012x", g.r.Uint32(), g.r.IntN(1<<16), g.r.IntN(1<<12), g.r.IntN(1<<12), g.r.Uint64()&(1<<48-1))
	hash := g.base64(64)
	if g.r.IntN(3) == 0 {
		g.record("api-request-shape", fmt.Sprintf(`"version":"2.1.330","shapeHash":%s,"shape":{"system":["%s"],"tools":["%s"]}`, quote(hash), g.prose(g.between(2<<10, 8<<10)), g.prose(g.between(10<<10, 30<<10))))
	}
	// api-request-blob lines carry a "message" object too: only their type
	// tells them apart from conversation messages.
	for range g.between(0, 2) {
		g.line(`{"type":"api-request-blob","sessionId":%s,"hash":%s,"message":{"role":"user","content":[{"type":"text","text":"%s"}]}}`,
			quote(g.o.SessionID), quote(g.base64(64)), g.prose(g.between(1<<10, 200<<10)))
	}
	g.record("api-request", fmt.Sprintf(`"id":%s,"version":"2.1.330","querySource":"sdk","shapeHash":%s,"params":{"model":"claude-opus-5-5","max_tokens":128000,"thinking":{"type":"adaptive","display":"omitted"}},"keep":%d,"tail":[%s,%s],"requestDigest":%s`,
		quote(req), quote(hash), g.between(0, 40), quote(g.base64(64)), quote(g.base64(64)), quote(g.base64(64))))
	id := g.msgID()
	if g.r.IntN(5) < 3 {
		g.assistant(id, fmt.Sprintf(`{"type":"thinking","thinking":"%s","signature":"%s"}`, g.prose(g.between(300, 3000)), g.base64(g.between(300, 600))), "null")
	}
	if g.r.IntN(10) < 7 {
		g.assistant(id, fmt.Sprintf(`{"type":"text","text":"%s"}`, g.prose(g.between(80, 1000))), "null")
	}
	calls := make([]call, g.between(1, 3))
	for i := range calls {
		calls[i] = g.toolCall()
		stop := "null"
		if i == len(calls)-1 {
			stop = `"tool_use"`
		}
		g.assistant(id, fmt.Sprintf(`{"type":"tool_use","id":%s,"name":%s,"input":%s}`, quote(calls[i].id), quote(calls[i].name), calls[i].input), stop)
	}
	for _, c := range calls {
		out := g.prose(g.between(200, 20000))
		errField := ""
		if g.r.IntN(10) == 0 {
			errField = `,"is_error":true`
		}
		g.user(fmt.Sprintf(`[{"tool_use_id":%s,"type":"tool_result","content":"%s"%s}]`, quote(c.id), out, errField),
			fmt.Sprintf(`,"toolUseResult":{"stdout":"%s","stderr":"","interrupted":false}`, out))
	}
}

func (g *gen) reply(text string) {
	g.assistant(g.msgID(), fmt.Sprintf(`{"type":"text","text":%s}`, text), `"end_turn"`)
	g.record("atis-latch", `"atis":true`)
	g.record("system", `"subtype":"stop_hook_summary","hookCount":1,"hookInfos":[{"command":"stophook"}],"hookErrors":[],"preventedContinuation":false,"stopReason":"","hasOutput":false,"level":"suggestion"`)
}

// turn writes a prompt and the work it causes; the final turn ends with
// the reply LastText.
func (g *gen) turn(final bool) {
	prompt := `"` + g.prose(g.between(40, 400)) + `"`
	g.record("queue-operation", `"operation":"dequeue"`)
	g.user(prompt, "")
	for range g.between(1, 2) {
		h, t := g.envelope()
		g.line(`%s,"type":"attachment","attachment":{"type":"nested_memory","path":%s,"content":"%s"},%s`, h, quote(g.o.CWD+"/CLAUDE.md"), g.prose(g.between(300, 2000)), t)
	}
	h, t := g.envelope()
	g.line(`%s,"type":"attachment","attachment":{"type":"prompt_snapshot","systemPrompt":["%s"]},%s`, h, g.prose(g.between(20<<10, 60<<10)), t)
	for range g.between(2, 5) {
		g.step()
	}
	if !final && g.r.IntN(10) < 3 {
		g.reply(`"` + g.prose(g.between(100, 800)) + `"`)
		g.user(quote("Stop hook feedback:\nThe previous approach hit an error. Try a different approach to accomplish the task."), `,"isMeta":true`)
		g.step()
	}
	if final {
		g.reply(quote(g.o.LastText))
	} else {
		g.reply(`"` + g.prose(g.between(100, 1500)) + `"`)
	}
	g.record("last-prompt", `"lastPrompt":`+prompt)
	g.record("cost-state", fmt.Sprintf(`"costUSD":%d.%04d,"durationMs":%d`, g.between(0, 3), g.between(0, 9999), g.between(1000, 90000)))
	g.seq++
	g.line(`{"type":"file-history-snapshot","messageId":%s,"snapshot":{"trackedFileBackups":{},"timestamp":%s},"isSnapshotUpdate":false}`, quote(g.uuid()), quote(g.ts()))
}
