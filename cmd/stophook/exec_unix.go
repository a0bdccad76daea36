//go:build !windows

package main

import "io/fs"

func isExec(st fs.FileInfo) bool { return st.Mode()&0o111 != 0 }
