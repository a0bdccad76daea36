// Package storeurl opens the [stophook.Store] named by a -store flag or
// $STOPHOOK_STORE, so every hook and hook server takes the same values:
//
//	DIR, file:DIR       a FileStore in DIR (file:DIR?sync=1: fsync each update)
//	memory:             a MemoryStore, for servers only: it dies with the process
//	redis://host:port/db, rediss://…
//	                    a Redis store shared by replicas (see package redisstore;
//	                    ?prefix=, ?ttl=, ?timeout= and go-redis's own parameters)
//
// An empty value means the caller's default (the project's state dir).
// [FromFlags] picks -store, else a hook's older -state DIR, else the
// environment variable (an absolute directory or a URL of a known scheme:
// anything else is a warning naming it, and the default applies); [Open]
// parses and opens; the result's Close releases connections.
//
// This package links the Redis client: a hook that offers no redis://
// store should take a directory and use [stophook.NewFileStore] instead.
package storeurl
