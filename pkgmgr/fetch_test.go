package pkgmgr

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseTree(t *testing.T) {
	out := "100644 blob aaa\tlib/a.org/x/x.fut\x00" +
		"100755 blob bbb\tlib/a.org/x/d/run.sh\x00" +
		"120000 blob ccc\tlib/a.org/x/link.fut\x00" +
		"160000 commit ddd\tlib/a.org/x/sub\x00" +
		"100644 blob eee\tlib/a.org/xy/other.fut\x00"
	files, err := parseTree([]byte(out), "lib/a.org/x/")
	if err != nil {
		t.Fatal(err)
	}
	want := []treeFile{{"x.fut", "aaa", false}, {"d/run.sh", "bbb", true}}
	if len(files) != len(want) || files[0] != want[0] || files[1] != want[1] {
		t.Errorf("parseTree = %v, want %v", files, want)
	}
	for _, bad := range []string{"100644 blob aaa lib/a.org/x/x.fut\x00", "100644 blob aaa\tlib/a.org/x/../y.fut\x00"} {
		if _, err := parseTree([]byte(bad), "lib/a.org/x/"); err == nil {
			t.Errorf("parseTree(%q) succeeded", bad)
		}
	}
}

func TestWriteBlobs(t *testing.T) {
	files := []treeFile{{"x.fut", "aaa", false}, {"d/y.fut", "bbb", true}}
	good := "aaa blob 4\n-- x\nbbb blob 6\n-- yy\n\n"
	dest := t.TempDir()
	if err := writeBlobs(bufio.NewReader(strings.NewReader(good)), files, dest); err != nil {
		t.Fatal(err)
	}
	if got, want := tree(t, dest), "d/y.fut: -- yy\nx.fut: -- x"; got != want {
		t.Errorf("wrote\n%s\nwant\n%s", got, want)
	}
	if st, err := os.Stat(filepath.Join(dest, "d/y.fut")); err != nil || st.Mode()&0o100 == 0 {
		t.Errorf("d/y.fut is not executable: %v", err)
	}
	for _, tc := range []struct{ name, in, err string }{
		{"truncated content", good[:len(good)-5], "d/y.fut: 2 of 6 bytes: unexpected EOF"},
		{"truncated stream", good[:16], "d/y.fut: no object bbb (unexpected EOF)"},
		{"missing object", "aaa blob 4\n-- x\nbbb missing\n", `d/y.fut: object bbb unreadable: "bbb missing"`},
		{"wrong object", "aaa blob 4\n-- x\nccc blob 1\nx\n", `object bbb unreadable: "ccc blob 1"`},
		{"bad size", "aaa blob -4\n", `x.fut: object aaa has a bad size "-4"`},
		{"no newline", "aaa blob 4\n-- xbbb blob 6\n-- yy\n\n", "x.fut: object aaa is not followed by a newline"},
	} {
		err := writeBlobs(bufio.NewReader(strings.NewReader(tc.in)), files, t.TempDir())
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
		}
	}
}
