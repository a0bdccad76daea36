package redisstore

import "time"

// Seams for the external tests.
const (
	DefaultPrefix = defaultPrefix
	DefaultTTL    = defaultTTL
)

// Prefix returns the prefix of the store's keys.
func (s *Store) Prefix() string { return s.opts.Prefix }

// TTL and Timeout return the store's.
func (s *Store) TTL() time.Duration     { return s.opts.TTL }
func (s *Store) Timeout() time.Duration { return s.opts.Timeout }
