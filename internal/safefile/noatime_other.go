//go:build unix && !linux

package safefile

// noAtime: O_NOATIME is Linux's.
const noAtime = 0
