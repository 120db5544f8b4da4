package frontend

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestReadLimited(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.fut")
	if err := os.WriteFile(small, []byte("def main = 1i32"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.fut")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path  string
		limit int64
		want  string // the source, or
		msg   string // the error
	}{
		{path: small, limit: 15, want: "def main = 1i32"},
		{path: small, limit: 14, msg: "small.fut: the program is 15 bytes, more than the limit of 14 bytes"},
		{path: dir, limit: 100, msg: "not a regular file (a program must be a file, not a directory)"},
		{path: fifo, limit: 100, msg: "fifo.fut: not a regular file (a program must be a file, not a named pipe)"},
		{path: "/dev/zero", limit: 100, msg: "/dev/zero: not a regular file (a program must be a file, not a character device)"},
		{path: filepath.Join(dir, "missing.fut"), limit: 100, msg: "no such file"},
	} {
		got, err := readLimited(tc.path, tc.limit, "program")
		if tc.msg != "" {
			if err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("readLimited(%s, %d): %v, want an error containing %q", tc.path, tc.limit, err, tc.msg)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("readLimited(%s, %d) = %q, %v; want %q", tc.path, tc.limit, got, err, tc.want)
		}
	}
}
