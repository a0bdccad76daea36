package safefile

import "syscall"

// noAtime is added to the flags of the fast paths' opens: reading a state
// file need not write its access time (with relatime, the first read after
// each write does, a journaled inode update). The kernel allows it to the
// file's owner only; [openRaw] opens again without it when refused.
const noAtime = syscall.O_NOATIME
