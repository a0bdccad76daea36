//go:build !unix

package safefile

// Elsewhere than on unix every read and write takes the *os.File path.

func readFileFast(string, int64) ([]byte, bool, error) { return nil, false, nil }

func overwriteFast(string, []byte, bool) (bool, error) { return false, nil }

// ReadKeep reads the file at path as [ReadFile] does; here it keeps
// nothing open, and the caller writes with [Overwrite].
func ReadKeep(path string, max int64) ([]byte, *Kept, error) {
	data, err := ReadFile(path, max)
	return data, nil, err
}

// Kept is never made here.
type Kept struct{}

// Overwrite is never called: ReadKeep keeps nothing.
func (*Kept) Overwrite([]byte, bool) error { return nil }

// Close closes nothing.
func (*Kept) Close() error { return nil }
