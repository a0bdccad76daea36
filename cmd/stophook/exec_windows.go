package main

import "io/fs"

func isExec(fs.FileInfo) bool { return true }
