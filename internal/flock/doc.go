// Package flock takes exclusive advisory locks on files, shared by the
// stores that do read-modify-write across hook processes.
//
// [Lock] and [TryLock] lock a lock file that holds nothing. On unix,
// [Open] locks a file that holds data itself, and returns it as a [File]
// to read and write under its lock: one file, one descriptor, for both.
package flock
