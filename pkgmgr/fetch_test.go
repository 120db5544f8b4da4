package pkgmgr

import (
	"archive/tar"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func tarOf(t *testing.T, files ...string) []byte {
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	for i := 0; i+1 < len(files); i += 2 {
		if err := w.WriteHeader(&tar.Header{Name: files[i], Mode: 0o644, Size: int64(len(files[i+1])), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(files[i+1]))
	}
	w.Close()
	return b.Bytes()
}

func TestExtractTar(t *testing.T) {
	good := tarOf(t, "lib/a.org/x/x.fut", "-- x", "lib/a.org/x/d/y.fut", "-- y", "other/z.fut", "-- z")
	dest := filepath.Join(t.TempDir(), "x")
	if err := extractTar(bytes.NewReader(good), "lib/a.org/x/", dest); err != nil {
		t.Fatal(err)
	}
	if got, want := tree(t, dest), "d/y.fut: -- y\nx.fut: -- x"; got != want {
		t.Errorf("extracted\n%s\nwant\n%s", got, want)
	}
	for _, tc := range []struct {
		name    string
		archive []byte
		err     string
	}{
		{"truncated", good[:len(good)/2+100], "unexpected EOF"},
		{"garbage", []byte(strings.Repeat("not a tar archive ", 64)), "invalid tar header"},
		{"escaping name", tarOf(t, "lib/a.org/x/../../../evil.fut", "-- evil"), "unsafe file name"},
	} {
		dest := filepath.Join(t.TempDir(), "x")
		err := extractTar(bytes.NewReader(tc.archive), "lib/a.org/x/", dest)
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
		}
		if _, err := os.Stat(filepath.Join(filepath.Dir(dest), "..", "evil.fut")); err == nil {
			t.Errorf("%s: a file escaped", tc.name)
		}
	}
}
