// Command gentranscript writes a synthetic Claude Code transcript of a
// given size, for whole-process benchmark scripts.
//
//	go run ./internal/gentranscript/cmd/gentranscript -size 100MB -last "All done." -o /tmp/t.jsonl
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/stophook/stophook/internal/gentranscript"
)

func main() {
	size := flag.String("size", "1MB", "approximate size: 1048576, 512KB, 100MB, 1GB")
	last := flag.String("last", gentranscript.DefaultLastText, "text of the final assistant reply")
	seed := flag.Uint64("seed", 1, "seed of the pseudo-random content")
	out := flag.String("o", "", "output file (default: standard output)")
	flag.Parse()
	if err := run(*size, *last, *seed, *out); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(size, last string, seed uint64, out string) error {
	n, err := gentranscript.ParseSize(size)
	if err != nil {
		return err
	}
	o := gentranscript.Options{Size: n, LastText: last, Seed: seed}
	if out == "" {
		_, err = gentranscript.Write(os.Stdout, o)
		return err
	}
	return gentranscript.WriteFile(out, o)
}
