package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
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

// TestPkgFetch runs fcc pkg add and sync against a local git repository
// that FCC_PKG_MIRROR puts in place of example.org.
func TestPkgFetch(t *testing.T) {
	for k, v := range map[string]string{
		"GIT_CONFIG_GLOBAL": os.DevNull, "GIT_CONFIG_NOSYSTEM": "1",
		"GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.org",
		"GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.org",
	} {
		t.Setenv(k, v)
	}
	srcRoot := t.TempDir()
	repo := filepath.Join(srcRoot, "example.org", "lib")
	for name, content := range map[string]string{
		"futhark.pkg":                  "package example.org/lib\nrequire {\n}\n",
		"lib/example.org/lib/util.fut": "def twice (x: i32) = x * 2\n",
		"README.md":                    "not installed\n",
	} {
		p := filepath.Join(repo, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "first"}, {"tag", "v1.2.3"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	t.Setenv("FCC_PKG_MIRROR", "example.org=file://"+filepath.Join(srcRoot, "example.org"))
	t.Chdir(t.TempDir())
	for _, args := range [][]string{{"pkg", "add", "example.org/lib"}, {"pkg", "sync"}, {"pkg", "versions", "example.org/lib"}} {
		var stdout, stderr bytes.Buffer
		if code := fcc(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
			t.Fatalf("fcc %v = %d: %s%s", args, code, stdout.String(), stderr.String())
		}
		if args[1] == "versions" && stdout.String() != "1.2.3\n" {
			t.Errorf("fcc pkg versions printed %q", stdout.String())
		}
	}
	b, err := os.ReadFile("lib/example.org/lib/util.fut")
	if err != nil || string(b) != "def twice (x: i32) = x * 2\n" {
		t.Errorf("lib/example.org/lib/util.fut = %q, %v", b, err)
	}
	if _, err := os.Stat("lib/example.org/lib/README.md"); err == nil {
		t.Errorf("README.md was installed")
	}
	t.Setenv("FCC_PKG_MIRROR", "example.org")
	var stderr bytes.Buffer
	if code := fcc([]string{"pkg", "sync"}, strings.NewReader(""), io.Discard, &stderr); code != 1 || !strings.Contains(stderr.String(), `FCC_PKG_MIRROR: "example.org" is not prefix=URL`) {
		t.Errorf("a bad FCC_PKG_MIRROR gave %d, %q", code, stderr.String())
	}
}
