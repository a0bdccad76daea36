//go:build !unix

package safefile

// Elsewhere than on unix every read takes the *os.File path.

func readFileFast(string, int64) ([]byte, bool, error) { return nil, false, nil }
