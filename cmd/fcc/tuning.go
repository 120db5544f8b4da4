package main

import (
	"os"
	"path/filepath"
	"strings"
)

// tuningFile returns the tuning file fcc bench and fcc test pass to a
// program's executable, as futhark bench and futhark test do: the file
// named as the program plus "." and ext (prog.fut.tuning by default), when
// it exists and tuning files are not turned off (--no-tuning).
func tuningFile(program, ext string, off bool) string {
	if off {
		return ""
	}
	ext = strings.TrimPrefix(ext, ".")
	if ext == "" {
		return ""
	}
	path := program + "." + ext
	if st, err := os.Stat(path); err != nil || st.IsDir() {
		return ""
	}
	return path
}

// tuningArgs are the executable's options for a tuning file ("" none).
// The path is made absolute, since executables may run elsewhere.
func tuningArgs(path string) []string {
	if path == "" {
		return nil
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return []string{"--tuning", path}
}
