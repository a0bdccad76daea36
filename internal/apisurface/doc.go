// Package apisurface holds a test that counts the exported identifiers of
// the module's public packages (everything outside internal/, examples/
// and cmd/), so that the public surface cannot grow unnoticed.
package apisurface
