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

// sweep removes stale temporaries, old lock files and expired values.
// It skips every key whose lock is held.
func (s *FileStore) sweep(now time.Time) {
	locks := filepath.Join(s.dir, statedir.LocksDir)
	safefile.SweepTemporaries(s.dir, now, tempMaxAge)
	entries, _ := os.ReadDir(s.dir)
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), altSuffix) // an earlier version's second file lives as long as the first
		if !strings.HasSuffix(name, valueSuffix) || strings.HasPrefix(name, ".") {
			continue
		}
		if old(e, now, valueMaxAge) {
			s.removeExpired(filepath.Join(s.dir, name), now)
		}
	}
	entries, _ = os.ReadDir(locks)
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, lockSuffix) || !old(e, now, lockMaxAge) {
			continue
		}
		value := filepath.Join(s.dir, strings.TrimSuffix(name, lockSuffix)+valueSuffix)
		if !keyLockFiles || (!exists(value) && !exists(value+altSuffix)) {
			removeLockFile(filepath.Join(locks, name), value)
		}
	}
}

// removeExpired removes the key whose file is value (and its second file
// of the two-file layout) when neither was updated within valueMaxAge,
// holding the key's lock; a lock held elsewhere means the key is in use
// and nothing is removed. The ages are checked again under the lock.
func (s *FileStore) removeExpired(value string, now time.Time) {
	unlock, ok, found := tryLockKey(value)
	if found && !ok {
		return
	}
	if ok {
		defer unlock()
	}
	for _, p := range []string{value, value + altSuffix} {
		if fi, err := os.Lstat(p); err == nil && now.Sub(fi.ModTime()) < valueMaxAge {
			return // updated since the listing
		}
	}
	os.Remove(value + altSuffix)
	os.Remove(value)
}

// removeLockFile removes lock, an old lock file, holding it; a lock held
// elsewhere is in use and stays. Where lock files are the keys' locks
// (keyLockFiles), it stays too when the key's value appeared meanwhile.
func removeLockFile(lock, value string) {
	unlock, ok, err := flock.TryLock(lock)
	if err != nil || !ok {
		return
	}
	defer unlock()
	if keyLockFiles && (exists(value) || exists(value+altSuffix)) {
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
