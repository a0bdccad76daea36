//go:build !unix

package safefile

// Elsewhere than on unix every read and write takes the *os.File path.

func readFileFast(string, int64) ([]byte, bool, error) { return nil, false, nil }

func overwriteFast(string, []byte, bool) (bool, error) { return false, nil }
