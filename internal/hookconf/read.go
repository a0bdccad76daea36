package hookconf

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/stophook/stophook/internal/safefile"
)

// MaxSettingsBytes bounds what is read of a settings file: real ones are
// a few KiB; a file planted to exhaust memory is refused.
const MaxSettingsBytes = 4 << 20

// ReadSettings reads the settings file at path for install, uninstall and
// doctor. It follows symlinks (a dotfiles manager links the user's file on
// purpose) but refuses anything that is not a regular file at the end of
// them, never blocks on a FIFO and fails on a file larger than
// [MaxSettingsBytes]: a cloned repository may plant any of these. A
// missing file is not an error: it returns nil, false, nil.
func ReadSettings(path string) (data []byte, exists bool, err error) {
	b, err := safefile.ReadFileFollow(path, MaxSettingsBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("hookconf: read %s: %w", path, err)
	}
	return b, true, nil
}
