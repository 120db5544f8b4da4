package pkgmgr

import (
	"strings"
	"testing"
)

func TestManifestRoundTrip(t *testing.T) {
	for _, tc := range []struct{ name, in, out string }{
		{"empty", "", "require {\n}\n"},
		{"package only", "package github.com/a/b", "package github.com/a/b\n\nrequire {\n}\n"},
		{
			"futhark's layout",
			"package github.com/sturluson/edda\n\nrequire {\n  github.com/athas/fut-foo 0.1.0 #d285563c25c5152b1ae80fc64de64ff2775fa733\n}\n",
			"package github.com/sturluson/edda\n\nrequire {\n  github.com/athas/fut-foo 0.1.0 #d285563c25c5152b1ae80fc64de64ff2775fa733\n}\n",
		},
		{
			"comments kept in place, blank lines and spacing not",
			"-- top\n\n--second\npackage  x.org/p@2   \n\n-- before require\nrequire{\n\t-- first\n   a.org/q   1.2.3   #abc  -- after q\n\n\n  b.org/r 0.0.0-20240101000000+f00\n}\n-- end\n\n-- really end",
			"-- top\n--second\npackage x.org/p@2\n\n-- before require\nrequire {\n  -- first\n  a.org/q 1.2.3 #abc\n  -- after q\n  b.org/r 0.0.0-20240101000000+f00\n}\n-- end\n-- really end\n",
		},
		{"crlf", "-- c\r\nrequire {\r\n  a.org/q 1.0.0\r\n}\r\n", "-- c\nrequire {\n  a.org/q 1.0.0\n}\n"},
		{"no require block", "-- just a comment\n", "-- just a comment\nrequire {\n}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ParseManifest("futhark.pkg", tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := m.String(); got != tc.out {
				t.Errorf("printed\n%s\nwant\n%s", got, tc.out)
			}
			m2, err := ParseManifest("futhark.pkg", m.String())
			if err != nil {
				t.Fatalf("reparse: %v", err)
			}
			if m2.String() != m.String() {
				t.Errorf("printing is not stable:\n%s\nthen\n%s", m, m2)
			}
		})
	}
}

func TestManifestErrors(t *testing.T) {
	for _, tc := range []struct{ in, err string }{
		{"package", "futhark.pkg:1:8: expected a package path after 'package'"},
		{"require {\n  a.org/q\n}", "futhark.pkg:2:10: expected a version after a.org/q on the same line"},
		{"require {\n  a.org/q 1.0\n}", "futhark.pkg:2:11: requirement on a.org/q: invalid version \"1.0\": missing '.'"},
		{"require {\n  a.org/q v1.0.0\n}", "without its leading v"},
		{"require {\n  a.org/q 1.0.0\n", "futhark.pkg:3:1: expected '}' to close the require block"},
		{"require {\n  a.org/q 1.0.0 #\n}", "futhark.pkg:2:18: expected a commit hash after '#'"},
		{"require {\n  a.org/q 1.0.0\n  a.org/q 1.1.0\n}", "futhark.pkg:3: package a.org/q is required twice (also on line 2)"},
		{"require {\n  a.org/q 1.0.0 !\n}", "futhark.pkg:2:17: requirement on a.org/q: unexpected \"!\" after the version"},
		{"require \n x", "futhark.pkg:2:2: expected '{' after 'require', found 'x'"},
		{"require {\n}\npackage a.org/x", "futhark.pkg:3:1: expected 'package', 'require', or a comment (--), found 'p'"},
		{"package a.org/../x", "'..' component"},
		{"package a.org/x@two", "major version number"},
		{"{", "futhark.pkg:1:1: expected 'package', 'require', or a comment (--), found '{'"},
	} {
		_, err := ParseManifest("futhark.pkg", tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParseManifest(%q) error = %v, want one containing %q", tc.in, err, tc.err)
		}
	}
}

func TestManifestEdit(t *testing.T) {
	m, err := ParseManifest("futhark.pkg", "require {\n  -- keep\n  a.org/x 1.0.0 #aa\n  b.org/y 2.0.0\n}\n")
	if err != nil {
		t.Fatal(err)
	}
	old, replaced := m.Set(Required{Path: "a.org/x", Version: Version{Major: 1, Minor: 1}, Hash: "bb"})
	if !replaced || old.Version.String() != "1.0.0" || old.Hash != "aa" {
		t.Errorf("Set replaced %v, %v", old, replaced)
	}
	if _, replaced := m.Set(Required{Path: "c.org/z", Version: Version{Patch: 1}}); replaced {
		t.Errorf("Set of a new package replaced something")
	}
	if r, ok := m.Remove("b.org/y"); !ok || r.Version.String() != "2.0.0" {
		t.Errorf("Remove = %v, %v", r, ok)
	}
	if _, ok := m.Remove("b.org/y"); ok {
		t.Errorf("second Remove found the package")
	}
	want := "require {\n  -- keep\n  a.org/x 1.1.0 #bb\n  c.org/z 0.0.1\n}\n"
	if got := m.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func FuzzManifest(f *testing.F) {
	for _, s := range []string{
		"",
		"package github.com/a/b\n\nrequire {\n  github.com/c/d 1.2.3 #abc\n}\n",
		"-- c\npackage x@2\n-- d\nrequire {\n  -- e\n  y 0.0.0-20240101000000+ff\n}\n-- f\n",
		"--\r\r\nrequire{a 1.0.0}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		m, err := ParseManifest("futhark.pkg", src)
		if err != nil {
			return
		}
		printed := m.String()
		m2, err := ParseManifest("futhark.pkg", printed)
		if err != nil {
			t.Fatalf("printed manifest does not parse: %v\n%s", err, printed)
		}
		if again := m2.String(); again != printed {
			t.Fatalf("round trip changed the manifest:\n%q\nthen\n%q", printed, again)
		}
		if len(m2.Requirements()) != len(m.Requirements()) {
			t.Fatalf("round trip changed the requirements")
		}
	})
}
