package pkgmgr

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// gitEnv makes git in the test (ours and the fetcher's) independent of
// the user's configuration, with a fixed identity.
func gitEnv(t *testing.T) {
	t.Helper()
	t.Setenv("GIT_CONFIG_GLOBAL", os.DevNull)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_AUTHOR_NAME", "Test")
	t.Setenv("GIT_AUTHOR_EMAIL", "test@example.org")
	t.Setenv("GIT_COMMITTER_NAME", "Test")
	t.Setenv("GIT_COMMITTER_EMAIL", "test@example.org")
}

func run(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// sources is a folder of git repositories, one per package path, that
// tests fetch from through FCC_PKG_MIRROR's file:// form.
type sources struct {
	t    *testing.T
	root string
	day  int // commits are a day apart, for predictable pseudo-versions
}

func newSources(t *testing.T) *sources {
	gitEnv(t)
	return &sources{t: t, root: t.TempDir()}
}

// mirrors maps example.org to the sources.
func (s *sources) mirrors() Mirrors {
	return Mirrors{"example.org": "file://" + filepath.Join(s.root, "example.org")}
}

func (s *sources) dir(repo string) string {
	return filepath.Join(s.root, filepath.FromSlash(repo))
}

// commit writes files (a nil content deletes one) into the repository
// of repo, creating it, commits them and tags the commit with each of
// tags. It returns the commit.
func (s *sources) commit(repo string, files map[string]*string, tags ...string) string {
	t := s.t
	t.Helper()
	dir := s.dir(repo)
	if _, err := os.Stat(filepath.Join(dir, ".git")); err != nil {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		run(t, dir, nil, "git", "init", "-q", "-b", "main")
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if content == nil {
			os.Remove(p)
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(*content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s.day++
	date := fmt.Sprintf("2024-01-%02dT12:00:00Z", s.day)
	env := []string{"GIT_AUTHOR_DATE=" + date, "GIT_COMMITTER_DATE=" + date}
	run(t, dir, env, "git", "add", "-A")
	run(t, dir, env, "git", "commit", "-q", "--allow-empty", "-m", "commit "+date)
	for _, tag := range tags {
		run(t, dir, env, "git", "tag", "-a", "-m", tag, tag)
	}
	return run(t, dir, nil, "git", "rev-parse", "HEAD")
}

func str(s string) *string { return &s }

// pkgFiles is a package's files: its futhark.pkg with requirements and
// .fut files in lib/<path>/ (plus a file outside lib/ that must not be
// installed).
func pkgFiles(path string, requires []string, futs ...string) map[string]*string {
	m := "package " + path + "\n\nrequire {\n"
	for _, r := range requires {
		m += "  " + r + "\n"
	}
	m += "}\n"
	files := map[string]*string{
		"futhark.pkg": str(m),
		"README.md":   str("not installed\n"),
		"tests/t.fut": str("-- not installed\n"),
	}
	for i := 0; i+1 < len(futs); i += 2 {
		files["lib/"+path+"/"+futs[i]] = str(futs[i+1])
	}
	return files
}

// session runs commands in a new project folder.
func (s *sources) session() (*Session, *bytes.Buffer) {
	var out bytes.Buffer
	return &Session{Dir: s.t.TempDir(), Out: &out, Mirrors: s.mirrors()}, &out
}

// tree lists the files under dir with their contents, sorted:
// "path: content" per file.
func tree(t *testing.T, dir string) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		lines = append(lines, filepath.ToSlash(rel)+": "+strings.TrimSpace(string(b)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func put(t *testing.T, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func wantErr(t *testing.T, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one containing %q", parts)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q does not contain %q", err, p)
		}
	}
}
