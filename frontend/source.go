package frontend

import (
	"fmt"
	"io"
	"os"
)

// MaxSourceBytes is the largest program file fcc reads: generous for any
// program written or generated, small enough that a wrong path (a disk
// image, /dev/zero) fails at once instead of filling the memory.
const MaxSourceBytes = 64 << 20

// ReadSourceFile reads the program file at path: a regular file (not a
// device or FIFO, which may never end) of at most MaxSourceBytes bytes.
func ReadSourceFile(path string) (string, error) {
	return readLimited(path, MaxSourceBytes, "program")
}

// readLimited reads the regular file at path, of at most limit bytes;
// what names the file's role in errors.
func readLimited(path string, limit int64, what string) (string, error) {
	// Checked before opening: opening a FIFO waits for a writer.
	if err := checkRegular(path, what); err != nil {
		return "", err
	}
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", err
	}
	if fi.Size() > limit {
		return "", fmt.Errorf("%s: the %s is %d bytes, more than the limit of %d bytes", path, what, fi.Size(), limit)
	}
	// The file may grow while it is read: read one byte past the limit
	// to tell.
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return "", err
	}
	if int64(len(b)) > limit {
		return "", fmt.Errorf("%s: the %s is more than the limit of %d bytes", path, what, limit)
	}
	return string(b), nil
}

// checkRegular returns an error unless stat(path) is a regular file.
func checkRegular(path, what string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: not a regular file (a %s must be a file, not a %s)", path, what, fileKind(fi.Mode()))
	}
	return nil
}

// fileKind names the kind of a file that is not a regular file.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "directory"
	case m&os.ModeNamedPipe != 0:
		return "named pipe"
	case m&os.ModeCharDevice != 0:
		return "character device"
	case m&os.ModeDevice != 0:
		return "device"
	case m&os.ModeSocket != 0:
		return "socket"
	}
	return "special file"
}
