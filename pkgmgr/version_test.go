package pkgmgr

import (
	"strings"
	"testing"
	"time"
)

func TestParseVersion(t *testing.T) {
	for _, tc := range []struct {
		in, out, err string
	}{
		{in: "0.1.0", out: "0.1.0"},
		{in: "10.20.300", out: "10.20.300"},
		{in: "0.0.0-20240102030405+abc123", out: "0.0.0-20240102030405+abc123"},
		{in: "1.2.3+meta", out: "1.2.3+meta"},
		{in: "1.2", err: "missing '.'"},
		{in: "v1.2.3", err: "without its leading v"},
		{in: "01.2.3", err: "leading zero"},
		{in: "1.2.3-rc1", err: "must be digits"},
		{in: "1.2.3-", err: "must be digits"},
		{in: "1.2.3+", err: "letters and digits"},
		{in: "1.2.3 ", err: "unexpected"},
		{in: "", err: "missing number"},
		{in: "99999999999999999999.0.0", err: "out of range"},
	} {
		v, err := ParseVersion(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseVersion(%q) = %v, %v; want error containing %q", tc.in, v, err, tc.err)
			}
			continue
		}
		if err != nil || v.String() != tc.out {
			t.Errorf("ParseVersion(%q) = %v, %v; want %s", tc.in, v, err, tc.out)
		}
	}
}

func TestVersionOrder(t *testing.T) {
	// Each version is older than the next.
	order := []string{
		"0.0.0-20200101000000+aaa",
		"0.0.0-20200101000000+bbb",
		"0.0.0-20210101000000+aaa",
		"0.0.0",
		"0.0.1",
		"0.1.0",
		"0.2.0",
		"0.10.0",
		"1.0.0",
		"1.0.10",
		"2.0.0",
	}
	for i := range order {
		for j := range order {
			a, _ := ParseVersion(order[i])
			b, _ := ParseVersion(order[j])
			got := a.Compare(b)
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got != want {
				t.Errorf("Compare(%s, %s) = %d, want %d", a, b, got, want)
			}
		}
	}
}

func TestPseudoVersion(t *testing.T) {
	tm := time.Date(2024, 3, 4, 5, 6, 7, 0, time.FixedZone("x", 3600))
	v := PseudoVersion(tm, "0123abcd")
	if got, want := v.String(), "0.0.0-20240304040607+0123abcd"; got != want {
		t.Errorf("PseudoVersion = %s, want %s", got, want)
	}
	if c, ok := v.Commit(); !ok || c != "0123abcd" {
		t.Errorf("Commit() = %q, %v", c, ok)
	}
	if _, ok := (Version{Major: 1}).Commit(); ok {
		t.Errorf("1.0.0 is not a commit version")
	}
}

func FuzzVersion(f *testing.F) {
	for _, s := range []string{"0.1.0", "1.2.3-4+abc", "0.0.0-20240101000000+ff", "v1.0.0", "1.0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseVersion(s)
		if err != nil {
			return
		}
		w, err := ParseVersion(v.String())
		if err != nil || w != v || v.Compare(w) != 0 {
			t.Fatalf("%q: printed %q reads back as %v, %v", s, v.String(), w, err)
		}
	})
}
