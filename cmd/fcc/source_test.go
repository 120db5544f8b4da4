package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCheckDevZero checks that fcc check, run, build and dev refuse
// /dev/zero at once, instead of reading it until memory runs out.
func TestCheckDevZero(t *testing.T) {
	for _, cmd := range [][]string{
		{"check", "/dev/zero"},
		{"run", "/dev/zero"},
		{"build", "/dev/zero", "-o", filepath.Join(t.TempDir(), "prog")},
		{"dev", "--print-after=internalise", "/dev/zero"},
	} {
		done := make(chan int, 1)
		var stdout, stderr bytes.Buffer
		go func() { done <- fcc(cmd, strings.NewReader(""), &stdout, &stderr) }()
		select {
		case code := <-done:
			if code != 1 || !strings.Contains(stderr.String(), "/dev/zero: not a regular file") {
				t.Errorf("fcc %s: exit code %d, stderr %q", strings.Join(cmd, " "), code, stderr.String())
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("fcc %s did not return within 20 s", strings.Join(cmd, " "))
		}
	}
}
