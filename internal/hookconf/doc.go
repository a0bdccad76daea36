// Package hookconf edits the hook settings files of coding agents: it
// adds or removes one command hook per event in the file and format each
// host reads, keeping every other key, hook and value as it was.
//
// # Preservation
//
// A settings file is parsed as JSONC (JSON with comments and trailing
// commas, as Gemini CLI and Qwen Code read it; a byte-order mark is kept)
// into a syntax tree that packs back to its own bytes (github.com/tailscale/hujson).
// An edit adds, replaces or removes only the nodes of our hook, indented
// like their neighbours, so comments, spacing, key order and every other
// value stay as they were, and removing a hook right after adding it gives
// back the file byte for byte ([Apply]).
//
// # Files
//
// [Plan] reads the files an edit touches and [Commit] writes them under a
// sibling lock, reading again under it. Reads are bounded and take regular
// files only ([ReadSettings]); writes rename a temporary file into place,
// so a symlink or FIFO planted as the backup is replaced, never followed.
// A symlinked settings file is written through to its target, except in
// the project and local scopes when the link leads outside the project.
//
// # Identity
//
// A hook is the same hook when it runs the same program with the same
// arguments, in exec form (command plus args) or in shell form (one
// command string). [Edit] replaces such an entry in place, so installing
// twice leaves one entry, and removing drops the older shell form too.
package hookconf
