package redistest

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Server is a redis-server process on 127.0.0.1.
type Server struct {
	// Addr is host:port of the server.
	Addr string

	t    testing.TB
	bin  string
	dir  string
	port int

	mu   sync.Mutex
	cmd  *exec.Cmd
	done chan struct{} // closed when cmd has exited
}

// Start starts a redis-server for t and stops it at the end of the test.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("STOPHOOK_E2E") == "1" {
			t.Fatal("redis-server not on PATH (STOPHOOK_E2E=1): apt-get install redis-server")
		}
		t.Skip("redis-server not on PATH; apt-get install redis-server (STOPHOOK_E2E=1 makes this a failure)")
	}
	s := &Server{t: t, bin: bin, dir: t.TempDir()}
	var lastErr error
	for range 5 { // a free port can be taken between the probe and the start
		port, err := freePort()
		if err != nil {
			t.Fatalf("redistest: free port: %v", err)
		}
		s.port = port
		s.Addr = net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
		if lastErr = s.start(); lastErr == nil {
			t.Cleanup(s.Kill)
			return s
		}
	}
	t.Fatalf("redistest: %v", lastErr)
	return nil
}

// URL returns redis://Addr/db.
func (s *Server) URL(db int) string { return fmt.Sprintf("redis://%s/%d", s.Addr, db) }

// start runs redis-server and returns once it accepts connections, or with
// the reason it exited.
func (s *Server) start() error {
	cmd := exec.Command(s.bin,
		"--port", strconv.Itoa(s.port), "--bind", "127.0.0.1",
		"--save", "", "--appendonly", "no", "--dir", s.dir,
		"--daemonize", "no", "--logfile", "", "--loglevel", "notice",
		"--databases", "64")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return err
	}
	ready := make(chan bool, 1)
	var log strings.Builder
	go func() { // read the log until the ready line, then drain it
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			line := sc.Text()
			log.WriteString(line + "\n")
			if strings.Contains(line, "Ready to accept connections") {
				ready <- true
				io.Copy(io.Discard, out)
				return
			}
		}
		ready <- false // the server exited before it was ready
	}()
	if <-ready {
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		s.mu.Lock()
		s.cmd, s.done = cmd, done
		s.mu.Unlock()
		return nil
	}
	cmd.Process.Kill()
	cmd.Wait()
	return fmt.Errorf("redis-server on port %d did not start:\n%s", s.port, log.String())
}

// Kill kills the server with SIGKILL and waits for it to exit. Killing a
// server that is not running does nothing.
func (s *Server) Kill() {
	s.mu.Lock()
	cmd, done := s.cmd, s.done
	s.cmd = nil
	s.mu.Unlock()
	if cmd == nil {
		return
	}
	resume(cmd.Process) // a paused server dies as well
	cmd.Process.Kill()
	<-done
}

// Restart starts a killed server again on the same port, empty.
func (s *Server) Restart() {
	s.t.Helper()
	s.Kill()
	if err := s.start(); err != nil {
		s.t.Fatalf("redistest: restart: %v", err)
	}
}

// Pause stops the server with SIGSTOP: connections stay open and requests
// go unanswered, as with a hung or overloaded server.
func (s *Server) Pause() { s.signal(pauseSignal()) }

// Resume continues a paused server.
func (s *Server) Resume() { s.signal(resumeSignal()) }

func (s *Server) signal(sig os.Signal) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		s.t.Fatal("redistest: server not running")
	}
	if err := s.cmd.Process.Signal(sig); err != nil && !errors.Is(err, os.ErrProcessDone) {
		s.t.Fatalf("redistest: signal %v: %v", sig, err)
	}
}

// freePort returns a TCP port on 127.0.0.1 nobody listened on a moment ago.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
