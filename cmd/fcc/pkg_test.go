package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

func TestPkgCommand(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, tc := range []struct {
		name       string
		args       []string
		code       int
		stdout     string // exact
		stderrPart string
	}{
		{"no command", []string{"pkg"}, 2, "", "Usage: fcc pkg <command>"},
		{"unknown command", []string{"pkg", "install"}, 2, "", `unknown command "install"`},
		{"missing argument", []string{"pkg", "add"}, 2, "", "Usage: fcc pkg add PKGPATH [X.Y.Z]"},
		{"bad version", []string{"pkg", "add", "example.org/x", "1.0"}, 1, "", `invalid version "1.0"`},
		{"init", []string{"pkg", "init", "example.org/me/p"}, 0, "Created directory lib/example.org/me/p.\nWrote futhark.pkg.\n", ""},
		{"init again", []string{"pkg", "init", "example.org/me/p"}, 1, "", "futhark.pkg already exists"},
		{"remove missing", []string{"pkg", "remove", "example.org/x"}, 1, "", "no package example.org/x found in futhark.pkg"},
		{"check", []string{"pkg", "check"}, 1, "Dependencies chosen:\n", "the package directory lib/example.org/me/p does not contain any .fut files"},
		{"fmt", []string{"pkg", "fmt", "-v"}, 0, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := fcc(tc.args, strings.NewReader(""), &stdout, &stderr)
			if code != tc.code || stdout.String() != tc.stdout || !strings.Contains(stderr.String(), tc.stderrPart) {
				t.Errorf("fcc %v = %d, stdout %q, stderr %q; want %d, %q, stderr containing %q",
					tc.args, code, stdout.String(), stderr.String(), tc.code, tc.stdout, tc.stderrPart)
			}
		})
	}
	if b, err := os.ReadFile("futhark.pkg"); err != nil || string(b) != "package example.org/me/p\n\nrequire {\n}\n" {
		t.Errorf("futhark.pkg = %q, %v", b, err)
	}
}
