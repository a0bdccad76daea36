package redisstore

// Seams for the external tests.
const (
	DefaultPrefix = defaultPrefix
	DefaultTTL    = defaultTTL
)

// Prefix returns the prefix of the store's keys.
func (s *Store) Prefix() string { return s.opts.Prefix }
