// Package redistest starts a real redis-server on loopback for tests.
//
// [Start] picks a free port on 127.0.0.1, starts redis-server there with
// persistence off and waits until the server's own log line says it accepts
// connections (no polling, no sleeps). The server is killed when the test
// ends. When redis-server is not on PATH the test is skipped with one line,
// unless STOPHOOK_E2E=1 is set (as .ci/run does), where it fails instead.
//
// [Server.Kill], [Server.Pause] and [Server.Resume] simulate an outage and
// a hung server for fail-open tests; [Server.Restart] brings a killed
// server back on the same port.
package redistest
