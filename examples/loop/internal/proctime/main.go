//go:build unix

// Command proctime runs a command many times with a file on stdin and
// prints the median wall time, the median CPU time (user+system, from
// rusage) and the peak RSS over all runs, for whole-process benchmarks:
//
//	proctime -n 51 -warmup 3 -stdin input.json -- ./loop -state DIR
//
// Output, one line: "wall_ms cpu_ms max_rss_kib".
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"syscall"
	"time"
)

func main() {
	n := flag.Int("n", 51, "timed runs")
	warmup := flag.Int("warmup", 3, "untimed runs first")
	stdin := flag.String("stdin", "", "`file` fed to every run's stdin")
	flag.Parse()
	if flag.NArg() == 0 || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: proctime [-n N] [-warmup N] [-stdin FILE] -- CMD [ARGS...]")
		os.Exit(2)
	}
	var walls, cpus []float64
	var maxRSS int64
	for i := 0; i < *warmup+*n; i++ {
		wall, cpu, rss, err := once(*stdin, flag.Args())
		if err != nil {
			fmt.Fprintln(os.Stderr, "proctime:", err)
			os.Exit(1)
		}
		if i < *warmup {
			continue
		}
		walls = append(walls, wall)
		cpus = append(cpus, cpu)
		maxRSS = max(maxRSS, rss)
	}
	fmt.Printf("%.3f %.3f %d\n", median(walls), median(cpus), maxRSS)
}

func once(stdin string, args []string) (wallMS, cpuMS float64, rssKiB int64, err error) {
	cmd := exec.Command(args[0], args[1:]...)
	if stdin != "" {
		f, err := os.Open(stdin)
		if err != nil {
			return 0, 0, 0, err
		}
		defer f.Close()
		cmd.Stdin = f
	}
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, 0, 0, fmt.Errorf("%s: %w", args[0], err)
	}
	wall := time.Since(start)
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rssKiB = int64(ru.Maxrss) // KiB on Linux
	}
	return float64(wall.Microseconds()) / 1000, float64(cpu.Microseconds()) / 1000, rssKiB, nil
}

func median(v []float64) float64 {
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}
