package pkgmgr

import (
	"bytes"
	"io"
	"net/http/cgi"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

// TestHTTP fetches packages over git's smart HTTP protocol from a
// loopback server (git http-backend behind net/http/cgi), as from
// github.com or gitlab.com.
func TestHTTP(t *testing.T) {
	src := newSources(t)
	src.commit("example.org/dep", pkgFiles("example.org/dep", nil, "d.fut", "-- dep 1.0.0"), "v1.0.0")
	src.commit("example.org/dep", pkgFiles("example.org/dep", nil, "d.fut", "-- dep 1.1.0"), "v1.1.0")
	c := src.commit("example.org/top", pkgFiles("example.org/top", []string{"example.org/dep 1.0.0"}, "t.fut", "-- top"), "v0.3.0")
	gitPath, err := exec.LookPath("git")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(&cgi.Handler{
		Path:       gitPath,
		Args:       []string{"http-backend"},
		Env:        []string{"GIT_PROJECT_ROOT=" + src.root, "GIT_HTTP_EXPORT_ALL=1", "GIT_CONFIG_NOSYSTEM=1"},
		InheritEnv: []string{"PATH", "GIT_CONFIG_GLOBAL"},
		Stderr:     io.Discard,
	})
	defer srv.Close()

	var out bytes.Buffer
	s := &Session{Dir: t.TempDir(), Out: &out, Mirrors: Mirrors{"example.org": srv.URL + "/example.org"}}
	if err := s.Add("example.org/top", nil); err != nil {
		t.Fatal(err)
	}
	if got, want := readFile(t, filepath.Join(s.Dir, "futhark.pkg")), "require {\n  example.org/top 0.3.0 #"+c+"\n}\n"; got != want {
		t.Errorf("futhark.pkg =\n%s\nwant\n%s", got, want)
	}
	if err := s.Sync(); err != nil {
		t.Fatal(err)
	}
	want := "example.org/dep/d.fut: -- dep 1.0.0\nexample.org/top/t.fut: -- top"
	if got := tree(t, filepath.Join(s.Dir, "lib")); got != want {
		t.Errorf("lib/ =\n%s\nwant\n%s", got, want)
	}
	wantErr(t, s.Add("example.org/absent", nil), "package example.org/absent: cannot clone "+srv.URL+"/example.org/absent")
}

// TestConcurrentSync runs sync in several processes (and goroutines)
// on one folder at once: each must succeed and lib/ must end whole.
func TestConcurrentSync(t *testing.T) {
	src := newSources(t)
	for _, v := range []string{"1.0.0", "1.1.0"} {
		files := pkgFiles("example.org/a", nil, "a.fut", "-- a "+v)
		for i := 0; i < 50; i++ {
			files["lib/example.org/a/many/f"+string(rune('a'+i%26))+string(rune('a'+i/26))+".fut"] = str("-- " + v)
		}
		src.commit("example.org/a", files, "v"+v)
	}
	src.commit("example.org/b", pkgFiles("example.org/b@2", []string{"example.org/a 1.1.0"}, "b.fut", "-- b"), "v2.0.0")
	s, _ := src.session()
	put(t, filepath.Join(s.Dir, "futhark.pkg"), "require {\n  example.org/a 1.0.0\n  example.org/b@2 2.0.0\n}\n")

	const procs, goroutines = 3, 2
	cmds := make([]*exec.Cmd, procs)
	outs := make([]bytes.Buffer, procs)
	for i := range cmds {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSyncProcess$")
		cmd.Env = append(os.Environ(), "FCC_PKG_TEST_SYNC_DIR="+s.Dir, MirrorEnv+"=example.org="+s.Mirrors["example.org"])
		cmd.Stdout, cmd.Stderr = &outs[i], &outs[i]
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds[i] = cmd
	}
	var wg sync.WaitGroup
	errs := make([]error, goroutines)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &Session{Dir: s.Dir, Out: &bytes.Buffer{}, Mirrors: s.Mirrors}
			errs[i] = s.Sync()
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("sync in goroutine %d: %v", i, err)
		}
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("sync in process %d: %v\n%s", i, err, outs[i].String())
		}
	}
	want := []string{"example.org/a/a.fut: -- a 1.1.0"}
	for i := 0; i < 50; i++ {
		want = append(want, "example.org/a/many/f"+string(rune('a'+i%26))+string(rune('a'+i/26))+".fut: -- 1.1.0")
	}
	want = append(want, "example.org/b@2/b.fut: -- b")
	sort.Strings(want)
	if got := tree(t, filepath.Join(s.Dir, "lib")); got != strings.Join(want, "\n") {
		t.Errorf("lib/ after concurrent syncs =\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	for _, d := range []string{"lib~new", "lib~old"} {
		if _, err := os.Stat(filepath.Join(s.Dir, d)); err == nil {
			t.Errorf("%s left behind", d)
		}
	}
}

// TestSyncProcess is TestConcurrentSync's child process.
func TestSyncProcess(t *testing.T) {
	dir := os.Getenv("FCC_PKG_TEST_SYNC_DIR")
	if dir == "" {
		t.Skip("only run by TestConcurrentSync")
	}
	mirrors, err := ParseMirrors(os.Getenv(MirrorEnv))
	if err != nil {
		t.Fatal(err)
	}
	s := &Session{Dir: dir, Out: &bytes.Buffer{}, Mirrors: mirrors}
	if err := s.Sync(); err != nil {
		t.Fatal(err)
	}
}
