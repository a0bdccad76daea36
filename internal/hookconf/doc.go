// Package hookconf edits the hook settings files of coding agents: it
// adds or removes one command hook per event in the file and format each
// host reads, keeping every other key, hook and value as it was.
//
// # Preservation
//
// A settings file is decoded into ordered objects whose values stay raw
// JSON ([object]): keys keep their order, values the edit does not touch
// keep their bytes (numbers, escapes, unknown keys), and the result is
// re-indented with the file's own indentation.
//
// # Identity
//
// A hook is the same hook when it runs the same program with the same
// arguments, in exec form (command plus args) or in shell form (one
// command string). [Edit] replaces such an entry in place, so installing
// twice leaves one entry, and removing drops the older shell form too.
package hookconf
