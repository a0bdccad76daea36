package storeurl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/statedir"
	"github.com/stophook/stophook/redisstore"
)

// Env names the environment variable a -store flag falls back to.
const Env = "STOPHOOK_STORE"

// Usage describes the accepted values, for a flag's help text.
const Usage = "state store `URL`: a directory, file:DIR, memory: (servers only), redis://host:port/db or rediss://… (default $" + Env + ", else the project's state dir)"

// errMemoryNotServer is returned for memory: outside a server: each hook
// process would start from nothing.
var errMemoryNotServer = errors.New("storeurl: memory: keeps state only inside one process: a hook server's store (-http), not a command hook's or a command's, each of which runs in a process of its own")

// Options configure [Open].
type Options struct {
	// Server allows memory: (a long-running hook server) and keeps a
	// Redis store's lines about the server going away and coming back
	// (a command hook's store logs nothing: its caller reports the
	// failed operation).
	Server bool
	// Redis configures a redis:// store; the URL's parameters fill the
	// fields left zero.
	Redis redisstore.Options
}

// Store is an opened store with its Close.
type Store struct {
	stophook.Store
	// Kind is "file", "memory" or "redis".
	Kind string
	io.Closer
}

// FromFlags picks the store spec of a hook's flags: -store, else -state
// (a directory), else $STOPHOOK_STORE; "" leaves the default (the
// project's state dir, or $STOPHOOK_STATE_DIR). A value of the variable
// that is neither an absolute directory (bare or after file:) nor a URL
// of a known scheme is not used: the error names the variable, for the
// caller to print in one line. A command hook prints it as a warning and
// keeps its default (a hook never traps a session); a server or a
// command that changes state refuses to run, since it would serve or
// change another store than the one meant. (A relative directory would
// depend on the working directory of each hook run.)
func FromFlags(store, state string, getenv func(string) string) (string, error) {
	spec, err := fromFlags(store, state, getenv)
	if err != nil {
		err = hidePassword(err, getenv(Env))
	}
	return spec, err
}

func fromFlags(store, state string, getenv func(string) string) (string, error) {
	switch {
	case store != "":
		return store, nil
	case state != "":
		return state, nil
	}
	v := getenv(Env)
	if v == "" {
		return "", nil
	}
	scheme, rest, hasScheme := strings.Cut(v, ":")
	if !isScheme(scheme, hasScheme) {
		if !filepath.IsAbs(v) {
			return "", fmt.Errorf("storeurl: %s=%q is not an absolute directory or a store URL (file:DIR, memory:, redis://, rediss://)", Env, v)
		}
		return v, nil
	}
	switch strings.ToLower(scheme) {
	case "file":
		if dir, _, _ := strings.Cut(rest, "?"); !strings.HasPrefix(dir, "//") && !filepath.IsAbs(dir) {
			return "", fmt.Errorf("storeurl: %s=%q is not an absolute directory (file:DIR with DIR absolute)", Env, v)
		}
		return v, nil
	case "memory", "redis", "rediss":
		return v, nil
	}
	return "", fmt.Errorf("storeurl: %s=%q has the unknown scheme %q (want an absolute directory, file:DIR, memory:, redis:// or rediss://)", Env, v, scheme)
}

// isScheme reports whether the text before a spec's first colon is a URL
// scheme rather than part of a path (a Windows drive letter included).
func isScheme(scheme string, hasColon bool) bool {
	return hasColon && len(scheme) > 1 && !strings.ContainsAny(scheme, `/\.`)
}

// Ping checks a Redis store's server, and that a file store's directory
// can be written (a file made and removed there); a memory store is
// always up.
func (s *Store) Ping(ctx context.Context) error {
	switch st := s.Store.(type) {
	case interface{ Ping(context.Context) error }:
		return st.Ping(ctx)
	case *stophook.FileStore:
		return statedir.Writable(st.Dir())
	}
	return nil
}

// Open opens the store spec names. An empty spec returns nil and no
// error: the caller's default applies.
func Open(spec string, opts Options) (*Store, error) {
	s, err := open(spec, opts)
	if err != nil {
		err = hidePassword(err, spec)
	}
	return s, err
}

// hidePassword returns err without the password of spec's user info,
// which Redis URLs carry and errors may quote: the message goes to hook
// stderr and server logs.
func hidePassword(err error, spec string) error {
	if hidden := hideUserInfo(spec); hidden != spec && strings.Contains(err.Error(), spec) {
		// The spec quoted whole: its user info goes, wherever the
		// password ends (a / ? or # in it, not encoded, ends it early
		// below) and whatever comes before it ("redis//:PW@…").
		err = errors.New(strings.ReplaceAll(err.Error(), spec, hidden))
	}
	_, rest, ok := strings.Cut(spec, ":")
	if !ok {
		return err
	}
	rest = strings.TrimLeft(rest, "/") // scheme://, and its misspellings
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	at := strings.LastIndex(rest, "@")
	if at < 0 {
		return err
	}
	_, pw, ok := strings.Cut(rest[:at], ":")
	if !ok || pw == "" || !strings.Contains(err.Error(), pw) {
		return err
	}
	return errors.New(strings.ReplaceAll(err.Error(), pw, "xxxxx"))
}

// hideUserInfo returns spec with what may be a password replaced: the
// text between the last @ and the start of the user info (after the
// first //, else after the first colon), from its first colon on when it
// has one, else all of it.
func hideUserInfo(spec string) string {
	at := strings.LastIndex(spec, "@")
	if at < 0 {
		return spec
	}
	start := 0
	if i := strings.Index(spec[:at], "//"); i >= 0 {
		start = i + len("//")
	} else if i := strings.IndexByte(spec[:at], ':'); i >= 0 {
		start = i + 1
	}
	if i := strings.IndexByte(spec[start:at], ':'); i >= 0 {
		start += i + 1
	}
	return spec[:start] + "xxxxx" + spec[at:]
}

func open(spec string, opts Options) (*Store, error) {
	if spec == "" {
		return nil, nil
	}
	scheme, rest, hasScheme := strings.Cut(spec, ":")
	if !isScheme(scheme, hasScheme) {
		// A plain path (a Windows drive letter included).
		return fileStore(spec, false), nil
	}
	switch strings.ToLower(scheme) {
	case "file":
		return openFile(spec, rest)
	case "memory":
		if rest != "" {
			return nil, fmt.Errorf("storeurl: %q: memory: takes nothing after the colon", spec)
		}
		if !opts.Server {
			return nil, errMemoryNotServer
		}
		return &Store{Store: new(stophook.MemoryStore), Kind: "memory", Closer: nopCloser{}}, nil
	case "redis", "rediss":
		if !strings.HasPrefix(rest, "//") {
			// go-redis takes redis:HOST for a URL without a host (it
			// connects to localhost:6379), and quotes the path of
			// redis:/… in its error, password included.
			return nil, fmt.Errorf("storeurl: a Redis store is %s://[:PASSWORD@]HOST:PORT/DB, with two slashes", strings.ToLower(scheme))
		}
		ro := opts.Redis
		if !opts.Server && ro.Logger == nil {
			// A command hook or subcommand is one short process: the
			// failure of its operation is its one line; "stops are let
			// through until it answers" is a server's to say.
			ro.Logger = slog.New(slog.DiscardHandler)
		}
		s, err := redisstore.Open(spec, ro)
		if err != nil {
			return nil, fmt.Errorf("storeurl: %w", err)
		}
		return &Store{Store: s, Kind: "redis", Closer: s}, nil
	}
	return nil, fmt.Errorf("storeurl: %q: unknown scheme %q (want a directory, file:, memory:, redis:// or rediss://)", spec, scheme)
}

// openFile parses file:DIR, file:///abs/dir and their ?sync=1.
func openFile(spec, rest string) (*Store, error) {
	dir, query, _ := strings.Cut(rest, "?")
	if strings.HasPrefix(dir, "//") {
		u, err := url.Parse(spec)
		if err != nil {
			return nil, fmt.Errorf("storeurl: %w", err)
		}
		if u.Host != "" && u.Host != "localhost" {
			return nil, fmt.Errorf("storeurl: %q: a file store is on this machine (file:DIR or file:///DIR)", spec)
		}
		dir = u.Path
	}
	if dir == "" {
		return nil, fmt.Errorf("storeurl: %q: no directory after file:", spec)
	}
	q, err := url.ParseQuery(query)
	if err != nil {
		return nil, fmt.Errorf("storeurl: %q: %w", spec, err)
	}
	sync := false
	for k, v := range q {
		if k != "sync" {
			return nil, fmt.Errorf("storeurl: %q: unknown parameter %q (file: takes sync)", spec, k)
		}
		switch v[len(v)-1] {
		case "1", "true":
			sync = true
		case "0", "false":
		default:
			return nil, fmt.Errorf("storeurl: %q: sync=%q: want 1 or 0", spec, v[len(v)-1])
		}
	}
	return fileStore(dir, sync), nil
}

func fileStore(dir string, sync bool) *Store {
	s := stophook.NewFileStore(dir)
	s.Sync = sync
	return &Store{Store: s, Kind: "file", Closer: nopCloser{}}
}

type nopCloser struct{}

func (nopCloser) Close() error { return nil }
