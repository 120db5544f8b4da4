package pkgmgr

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestInit(t *testing.T) {
	s, out := newSources(t).session()
	if err := s.Init("example.org/me/edda"); err != nil {
		t.Fatal(err)
	}
	if got, want := readFile(t, filepath.Join(s.Dir, "futhark.pkg")), "package example.org/me/edda\n\nrequire {\n}\n"; got != want {
		t.Errorf("futhark.pkg = %q, want %q", got, want)
	}
	if st, err := os.Stat(filepath.Join(s.Dir, "lib/example.org/me/edda")); err != nil || !st.IsDir() {
		t.Errorf("lib/example.org/me/edda was not made: %v", err)
	}
	if got, want := out.String(), "Created directory lib/example.org/me/edda.\nWrote futhark.pkg.\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
	wantErr(t, s.Init("example.org/me/other"), "futhark.pkg already exists")
	s2, _ := newSources(t).session()
	wantErr(t, s2.Init("example.org/../x"), `invalid package path "example.org/../x"`)
}

func TestAddSyncLayout(t *testing.T) {
	src := newSources(t)
	files := pkgFiles("example.org/foo", nil, "foo.fut", "-- foo 0.1.0", "sub/bar.fut", "-- bar 0.1.0 $Format:%H$", "skip.fut", "-- skip")
	// Files are installed as committed: git archive's attributes do
	// not apply.
	files[".gitattributes"] = str("*.fut export-subst\nskip.fut export-ignore\n")
	c1 := src.commit("example.org/foo", files, "v0.1.0")
	c2 := src.commit("example.org/foo", pkgFiles("example.org/foo", nil, "foo.fut", "-- foo 0.2.0", "sub/bar.fut", "-- bar 0.2.0"), "v0.2.0")
	// Tags that are not versions of this major version are ignored.
	src.commit("example.org/foo", nil, "v2.0.0", "latest", "v1.0")

	s, out := src.session()
	if err := s.Init("example.org/me/proj"); err != nil {
		t.Fatal(err)
	}
	// Add without a version takes the newest; with one, replaces it.
	if err := s.Add("example.org/foo", nil); err != nil {
		t.Fatal(err)
	}
	want := "package example.org/me/proj\n\nrequire {\n  example.org/foo 0.2.0 #" + c2 + "\n}\n"
	if got := readFile(t, filepath.Join(s.Dir, "futhark.pkg")); got != want {
		t.Errorf("after add: futhark.pkg =\n%s\nwant\n%s", got, want)
	}
	out.Reset()
	if err := s.Add("example.org/foo", &Version{Minor: 1}); err != nil {
		t.Fatal(err)
	}
	want = "package example.org/me/proj\n\nrequire {\n  example.org/foo 0.1.0 #" + c1 + "\n}\n"
	if got := readFile(t, filepath.Join(s.Dir, "futhark.pkg")); got != want {
		t.Errorf("after add 0.1.0: futhark.pkg =\n%s\nwant\n%s", got, want)
	}
	if got, want := out.String(), "Replaced example.org/foo 0.2.0 => 0.1.0.\nRemember to run 'fcc pkg sync'.\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}

	// Sync installs only lib/example.org/foo/ of the repository, deletes
	// other things in lib/, but keeps the package's own folder.
	put(t, filepath.Join(s.Dir, "lib/example.org/me/proj/mine.fut"), "-- mine")
	put(t, filepath.Join(s.Dir, "lib/junk.fut"), "-- junk")
	put(t, filepath.Join(s.Dir, "lib/example.org/foo/stale.fut"), "-- stale")
	if err := s.Sync(); err != nil {
		t.Fatal(err)
	}
	wantTree := strings.Join([]string{
		"example.org/foo/foo.fut: -- foo 0.1.0",
		"example.org/foo/skip.fut: -- skip",
		"example.org/foo/sub/bar.fut: -- bar 0.1.0 $Format:%H$",
		"example.org/me/proj/mine.fut: -- mine",
	}, "\n")
	if got := tree(t, filepath.Join(s.Dir, "lib")); got != wantTree {
		t.Errorf("lib/ =\n%s\nwant\n%s", got, wantTree)
	}
	for _, d := range []string{"lib~new", "lib~old"} {
		if _, err := os.Stat(filepath.Join(s.Dir, d)); err == nil {
			t.Errorf("%s left behind", d)
		}
	}

	// Adding the version already there changes nothing.
	out.Reset()
	if err := s.Add("example.org/foo", &Version{Minor: 1}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "Package already at version 0.1.0; nothing to do.\n") {
		t.Errorf("output %q", out.String())
	}
}

func TestTransitiveMVS(t *testing.T) {
	src := newSources(t)
	for _, v := range []string{"1.0.0", "1.1.0", "1.2.0", "1.3.0"} {
		src.commit("example.org/b", pkgFiles("example.org/b", nil, "b.fut", "-- b "+v), "v"+v)
	}
	src.commit("example.org/a", pkgFiles("example.org/a", []string{"example.org/b 1.1.0"}, "a.fut", "-- a 1.0.0"), "v1.0.0")
	src.commit("example.org/c", pkgFiles("example.org/c", []string{"example.org/b 1.2.0"}, "c.fut", "-- c 1.0.0"), "v1.0.0")
	// A newer c needs a newer b, but nobody asks for that c.
	src.commit("example.org/c", pkgFiles("example.org/c", []string{"example.org/b 1.3.0"}, "c.fut", "-- c 1.1.0"), "v1.1.0")

	s, out := src.session()
	put(t, filepath.Join(s.Dir, "futhark.pkg"), "-- my deps\nrequire {\n  example.org/a 1.0.0\n  -- c is needed too\n  example.org/c 1.0.0\n}\n")
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	want := "Dependencies chosen:\nexample.org/a => 1.0.0\nexample.org/b => 1.2.0\nexample.org/c => 1.0.0\n"
	if got := out.String(); got != want {
		t.Errorf("check printed\n%s\nwant\n%s", got, want)
	}
	if err := s.Sync(); err != nil {
		t.Fatal(err)
	}
	wantTree := "example.org/a/a.fut: -- a 1.0.0\nexample.org/b/b.fut: -- b 1.2.0\nexample.org/c/c.fut: -- c 1.0.0"
	if got := tree(t, filepath.Join(s.Dir, "lib")); got != wantTree {
		t.Errorf("lib/ =\n%s\nwant\n%s", got, wantTree)
	}

	// Upgrade raises each requirement to its newest version, keeping
	// the comments, and sync then follows.
	out.Reset()
	if err := s.Upgrade(); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "Upgraded example.org/c 1.0.0 => 1.1.0.\nRemember to run 'fcc pkg sync'.\n"; got != want {
		t.Errorf("upgrade printed %q, want %q", got, want)
	}
	m := readFile(t, filepath.Join(s.Dir, "futhark.pkg"))
	if !strings.HasPrefix(m, "-- my deps\nrequire {\n  example.org/a 1.0.0 #") || !strings.Contains(m, "\n  -- c is needed too\n  example.org/c 1.1.0 #") {
		t.Errorf("futhark.pkg after upgrade:\n%s", m)
	}
	if err := s.Sync(); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, filepath.Join(s.Dir, "lib")); !strings.Contains(got, "example.org/b/b.fut: -- b 1.3.0") {
		t.Errorf("lib/ after upgrade =\n%s", got)
	}
	out.Reset()
	if err := s.Upgrade(); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "Nothing to upgrade.\n" {
		t.Errorf("second upgrade printed %q", got)
	}

	// Remove drops a requirement; sync then drops what only it needed.
	out.Reset()
	if err := s.Remove("example.org/c"); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "Removed example.org/c 1.1.0.\n" {
		t.Errorf("remove printed %q", got)
	}
	if err := s.Sync(); err != nil {
		t.Fatal(err)
	}
	wantTree = "example.org/a/a.fut: -- a 1.0.0\nexample.org/b/b.fut: -- b 1.1.0"
	if got := tree(t, filepath.Join(s.Dir, "lib")); got != wantTree {
		t.Errorf("lib/ after remove =\n%s\nwant\n%s", got, wantTree)
	}
	wantErr(t, s.Remove("example.org/c"), "no package example.org/c found in futhark.pkg")
}

func TestUnversioned(t *testing.T) {
	src := newSources(t)
	old := src.commit("example.org/raw", pkgFiles("example.org/raw", nil, "raw.fut", "-- old")) // 2024-01-01
	head := src.commit("example.org/raw", pkgFiles("example.org/raw", nil, "raw.fut", "-- new"))
	s, _ := src.session()
	if err := s.Add("example.org/raw", nil); err != nil {
		t.Fatal(err)
	}
	want := "require {\n  example.org/raw 0.0.0-20240102120000+" + head + "\n}\n"
	if got := readFile(t, filepath.Join(s.Dir, "futhark.pkg")); got != want {
		t.Errorf("futhark.pkg =\n%s\nwant\n%s", got, want)
	}
	// A dependency that requires an older commit does not downgrade it;
	// one that requires a newer one would win.
	src.commit("example.org/user", pkgFiles("example.org/user", []string{"example.org/raw 0.0.0-20240101120000+" + old}, "u.fut", "-- u"), "v0.1.0")
	if err := s.Add("example.org/user", nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Sync(); err != nil {
		t.Fatal(err)
	}
	wantTree := "example.org/raw/raw.fut: -- new\nexample.org/user/u.fut: -- u"
	if got := tree(t, filepath.Join(s.Dir, "lib")); got != wantTree {
		t.Errorf("lib/ =\n%s\nwant\n%s", got, wantTree)
	}
	if err := s.Remove("example.org/raw"); err != nil {
		t.Fatal(err)
	}
	if err := s.Sync(); err != nil {
		t.Fatal(err)
	}
	wantTree = "example.org/raw/raw.fut: -- old\nexample.org/user/u.fut: -- u"
	if got := tree(t, filepath.Join(s.Dir, "lib")); got != wantTree {
		t.Errorf("lib/ =\n%s\nwant\n%s", got, wantTree)
	}
	// A commit that does not exist.
	put(t, filepath.Join(s.Dir, "futhark.pkg"), "require {\n  example.org/raw 0.0.0-20240101120000+0123456789abcdef\n}\n")
	wantErr(t, s.Sync(), "package example.org/raw 0.0.0-20240101120000+0123456789abcdef", "no commit 0123456789abcdef", "file://")
}

func TestMajorVersionPath(t *testing.T) {
	src := newSources(t)
	src.commit("example.org/foo", pkgFiles("example.org/foo", nil, "foo.fut", "-- 1"), "v1.0.0")
	c2 := src.commit("example.org/foo", pkgFiles("example.org/foo@2", nil, "foo.fut", "-- 2"), "v2.0.0")
	src.commit("example.org/foo", pkgFiles("example.org/foo@2", nil, "foo.fut", "-- 2.1"), "v2.1.0")
	s, out := src.session()
	wantErr(t, s.Add("example.org/foo", &Version{Major: 2}),
		"package example.org/foo (file://"+src.root+"/example.org/foo) does not have a version 2.0.0",
		"known versions: 1.0.0",
		"For major version 2, use package path example.org/foo@2")
	if err := s.Add("example.org/foo@2", &Version{Major: 2}); err != nil {
		t.Fatal(err)
	}
	if err := s.Add("example.org/foo", nil); err != nil {
		t.Fatal(err)
	}
	want := "require {\n  example.org/foo@2 2.0.0 #" + c2 + "\n  example.org/foo 1.0.0 #"
	if got := readFile(t, filepath.Join(s.Dir, "futhark.pkg")); !strings.HasPrefix(got, want) {
		t.Errorf("futhark.pkg =\n%s\nwant it to start with\n%s", got, want)
	}
	if err := s.Sync(); err != nil {
		t.Fatal(err)
	}
	wantTree := "example.org/foo/foo.fut: -- 1\nexample.org/foo@2/foo.fut: -- 2"
	if got := tree(t, filepath.Join(s.Dir, "lib")); got != wantTree {
		t.Errorf("lib/ =\n%s\nwant\n%s", got, wantTree)
	}
	out.Reset()
	if err := s.Versions("example.org/foo@2"); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "2.0.0\n2.1.0\n" {
		t.Errorf("versions printed %q", got)
	}
}

func TestErrorsLeaveLibAlone(t *testing.T) {
	src := newSources(t)
	src.commit("example.org/good", pkgFiles("example.org/good", nil, "g.fut", "-- good"), "v1.0.0")
	moved := src.commit("example.org/moved", pkgFiles("example.org/moved", nil, "m.fut", "-- m"), "v1.0.0")
	src.commit("example.org/bad", map[string]*string{
		"futhark.pkg":                 str("package example.org/bad\nrequire {\n  example.org/good\n}\n"),
		"lib/example.org/bad/bad.fut": str("-- bad"),
	}, "v1.0.0")
	src.commit("example.org/nolib", map[string]*string{"futhark.pkg": str("require {\n}\n")}, "v1.0.0")
	src.commit("example.org/corrupt", pkgFiles("example.org/corrupt", nil, "c.fut", "-- corrupt"), "v1.0.0")

	s, _ := src.session()
	put(t, filepath.Join(s.Dir, "futhark.pkg"), "require {\n  example.org/good 1.0.0\n}\n")
	if err := s.Sync(); err != nil {
		t.Fatal(err)
	}
	before := tree(t, filepath.Join(s.Dir, "lib"))
	url := "file://" + src.root + "/example.org/"

	// Each futhark.pkg below fails; lib/ must stay as it is.
	for _, tc := range []struct {
		name, manifest string
		err            []string
	}{
		{"missing version", "example.org/moved 1.5.0", []string{"package example.org/moved (" + url + "moved) does not have a version 1.5.0 (no tag v1.5.0); known versions: 1.0.0"}},
		{"missing package", "example.org/none 1.0.0", []string{"package example.org/none 1.0.0: cannot clone " + url + "none"}},
		{"malformed futhark.pkg of a dependency", "example.org/bad 1.0.0", []string{"package example.org/bad 1.0.0 (" + url + "bad): bad manifest: futhark.pkg:3:19: expected a version after example.org/good on the same line"}},
		{"no package folder", "example.org/nolib 1.0.0", []string{"package example.org/nolib 1.0.0 (" + url + "nolib)", "has no package directory lib/example.org/nolib/"}},
		{"moved tag", "example.org/moved 1.0.0 #0000000000000000000000000000000000000000", []string{"package example.org/moved 1.0.0 (" + url + "moved) has commit hash " + moved + ", but expected 0000000000000000000000000000000000000000"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			put(t, filepath.Join(s.Dir, "futhark.pkg"), "require {\n  example.org/good 1.0.0\n  "+tc.manifest+"\n}\n")
			wantErr(t, s.Sync(), tc.err...)
			if got := tree(t, filepath.Join(s.Dir, "lib")); got != before {
				t.Errorf("lib/ changed:\n%s\nwas\n%s", got, before)
			}
			if _, err := os.Stat(filepath.Join(s.Dir, "lib~new")); err == nil {
				t.Errorf("lib~new left behind")
			}
		})
	}

	t.Run("malformed futhark.pkg", func(t *testing.T) {
		put(t, filepath.Join(s.Dir, "futhark.pkg"), "require {\n  example.org/good 1.0\n}\n")
		wantErr(t, s.Sync(), `futhark.pkg:2:20: requirement on example.org/good: invalid version "1.0": missing '.'`)
		wantErr(t, s.Add("example.org/good", nil), "futhark.pkg:2:20")
	})

	t.Run("corrupted repository", func(t *testing.T) {
		// Overwrite the object of c.fut's content with garbage.
		dir := src.dir("example.org/corrupt")
		blob := run(t, dir, nil, "git", "rev-parse", "HEAD:lib/example.org/corrupt/c.fut")
		obj := filepath.Join(dir, ".git", "objects", blob[:2], blob[2:])
		os.Chmod(obj, 0o644)
		put(t, obj, "this is not a zlib stream")
		put(t, filepath.Join(s.Dir, "futhark.pkg"), "require {\n  example.org/good 1.0.0\n  example.org/corrupt 1.0.0\n}\n")
		wantErr(t, s.Sync(), "package example.org/corrupt 1.0.0", url+"corrupt")
		if got := tree(t, filepath.Join(s.Dir, "lib")); got != before {
			t.Errorf("lib/ changed:\n%s\nwas\n%s", got, before)
		}
	})
}

func TestFmt(t *testing.T) {
	s, _ := newSources(t).session()
	wantErr(t, s.Fmt(), "futhark.pkg")
	put(t, filepath.Join(s.Dir, "futhark.pkg"), "--c\n\npackage   a.org/x\nrequire{ b.org/y   1.0.0 #ab -- why\n}")
	if err := s.Fmt(); err != nil {
		t.Fatal(err)
	}
	want := "--c\npackage a.org/x\n\nrequire {\n  b.org/y 1.0.0 #ab\n  -- why\n}\n"
	if got := readFile(t, filepath.Join(s.Dir, "futhark.pkg")); got != want {
		t.Errorf("futhark.pkg =\n%q\nwant\n%q", got, want)
	}
}

func TestCheckOwnPackage(t *testing.T) {
	s, _ := newSources(t).session()
	put(t, filepath.Join(s.Dir, "futhark.pkg"), "package example.org/me\nrequire {\n}\n")
	wantErr(t, s.Check(), "the package directory lib/example.org/me does not exist")
	put(t, filepath.Join(s.Dir, "lib/example.org/me/README"), "x")
	wantErr(t, s.Check(), "the package directory lib/example.org/me does not contain any .fut files")
	put(t, filepath.Join(s.Dir, "lib/example.org/me/sub/x.fut"), "-- x")
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestMirrors(t *testing.T) {
	m, err := ParseMirrors("github.com=file:///a/gh/, github.com/big=http://127.0.0.1:1/big,gitlab.com=https://mirror/gl")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, url string }{
		{"github.com/u/r", "file:///a/gh/u/r"},
		{"github.com/u/r@3", "file:///a/gh/u/r"},
		{"github.com/big/r", "http://127.0.0.1:1/big/r"},
		{"github.com/bigger/r", "file:///a/gh/bigger/r"},
		{"gitlab.com/g/sub/r", "https://mirror/gl/g/sub/r"},
		{"git.sr.ht/~u/r", "https://git.sr.ht/~u/r"},
	} {
		if got := m.URL(tc.path); got != tc.url {
			t.Errorf("URL(%s) = %s, want %s", tc.path, got, tc.url)
		}
	}
	if _, err := ParseMirrors("github.com"); err == nil {
		t.Errorf("a mirror without = was accepted")
	}
}
