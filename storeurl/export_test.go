package storeurl

// ErrMemoryNotServer is the error of memory: outside a server, for the
// external tests.
var ErrMemoryNotServer = errMemoryNotServer
