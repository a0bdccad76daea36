package stophook

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/stophook/stophook/internal/flock"
	"github.com/stophook/stophook/internal/safefile"
	"github.com/stophook/stophook/internal/statedir"
)

// Ages of the FileStore sweep.
const (
	sweepEvery  = time.Hour        // at most one sweep per directory this often
	tempMaxAge  = 10 * time.Minute // a temporary file lives for milliseconds
	lockMaxAge  = time.Hour        // a lock file whose key holds nothing
	valueMaxAge = 30 * 24 * time.Hour
	sweepStamp  = ".sweep"
	lockSuffix  = ".lock"
	valueSuffix = ".json"
)

// maybeSweep runs sweep when the stamp file is missing or older than
// sweepEvery, touching it first so that concurrent hooks do not all sweep.
func (s *FileStore) maybeSweep() {
	now := time.Now()
	if s.now != nil {
		now = s.now()
	}
	if t := now.UnixNano(); s.stampFresh[0].Load() <= t && t < s.stampFresh[1].Load() {
		return // seen fresh by this store: no sweep is due yet
	}
	stamp := filepath.Join(s.dir, sweepStamp)
	if fi, err := os.Lstat(stamp); err == nil && fi.Mode().IsRegular() && now.Sub(fi.ModTime()) < sweepEvery && fi.ModTime().Before(now.Add(time.Minute)) {
		s.stampFresh[1].Store(0) // no torn span while the two are set
		s.stampFresh[0].Store(now.UnixNano())
		s.stampFresh[1].Store(fi.ModTime().Add(sweepEvery).UnixNano())
		return
	}
	os.Remove(stamp) // a symlink or FIFO planted there, or the old stamp
	if err := safefile.WriteFile(stamp, nil, 0o600); err != nil {
		return
	}
	os.Chtimes(stamp, now, now)
	s.sweep(now)
}

// sweep removes stale temporaries, orphaned lock files and expired values.
// It skips every key whose lock is held.
func (s *FileStore) sweep(now time.Time) {
	locks := filepath.Join(s.dir, statedir.LocksDir)
	safefile.SweepTemporaries(s.dir, now, tempMaxAge)
	entries, _ := os.ReadDir(s.dir)
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), altSuffix) // the second file lives as long as the first
		if !strings.HasSuffix(name, valueSuffix) || strings.HasPrefix(name, ".") {
			continue
		}
		if old(e, now, valueMaxAge) {
			s.removeLocked(filepath.Join(locks, strings.TrimSuffix(name, valueSuffix)+lockSuffix), filepath.Join(s.dir, name), now)
		}
	}
	entries, _ = os.ReadDir(locks)
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, lockSuffix) || !old(e, now, lockMaxAge) {
			continue
		}
		value := filepath.Join(s.dir, strings.TrimSuffix(name, lockSuffix)+valueSuffix)
		if !exists(value) && !exists(value+altSuffix) {
			s.removeLocked(filepath.Join(locks, name), "", now)
		}
	}
}

// removeLocked removes value (when not empty) and then lock, holding the
// lock; a lock held elsewhere means the key is in use and nothing is
// removed. The value is checked again under the lock.
func (s *FileStore) removeLocked(lock, value string, now time.Time) {
	unlock, ok, err := flock.TryLock(lock)
	if err != nil || !ok {
		return
	}
	defer unlock()
	if value != "" {
		for _, p := range []string{value, value + altSuffix} {
			if fi, err := os.Lstat(p); err == nil && now.Sub(fi.ModTime()) < valueMaxAge {
				return // updated since the listing
			}
		}
		os.Remove(value + altSuffix)
		os.Remove(value)
	} else if v := filepath.Join(s.dir, strings.TrimSuffix(filepath.Base(lock), lockSuffix)+valueSuffix); exists(v) || exists(v+altSuffix) {
		return // a value appeared: keep its lock
	}
	os.Remove(lock)
}

// exists reports whether anything is at path.
func exists(path string) bool {
	_, err := os.Lstat(path)
	return !errors.Is(err, fs.ErrNotExist)
}

// old reports whether e was last modified more than age before now.
func old(e fs.DirEntry, now time.Time, age time.Duration) bool {
	fi, err := e.Info()
	return err == nil && now.Sub(fi.ModTime()) > age
}
