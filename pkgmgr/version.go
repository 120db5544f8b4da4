package pkgmgr

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// A Version is a semantic version as futhark.pkg writes it: X.Y.Z, with
// an optional numeric pre-release (-N) and alphanumeric build metadata
// (+M). Futhark uses only these two extensions, for pseudo-versions
// 0.0.0-yyyymmddhhmmss+commit that name an unreleased commit.
type Version struct {
	Major, Minor, Patch uint64
	Pre                 string // digits, or empty
	Meta                string // letters and digits, or empty
}

// String prints v as futhark.pkg and the command line write it.
func (v Version) String() string {
	s := fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch)
	if v.Pre != "" {
		s += "-" + v.Pre
	}
	if v.Meta != "" {
		s += "+" + v.Meta
	}
	return s
}

// ParseVersion reads X.Y.Z[-digits][+alphanumerics]. Leading zeros in
// X, Y and Z are rejected, as is a leading "v" (tags have one, versions
// in futhark.pkg and on the command line do not).
func ParseVersion(s string) (Version, error) {
	v, rest, err := scanVersion(s)
	if err != nil {
		return Version{}, err
	}
	if rest != "" {
		return Version{}, fmt.Errorf("invalid version %q: unexpected %q after the version", s, rest)
	}
	return v, nil
}

// scanVersion reads a version at the start of s and returns what
// follows it.
func scanVersion(s string) (Version, string, error) {
	bad := func(why string) (Version, string, error) {
		word := s
		if i := strings.IndexAny(word, " \t\r\n"); i >= 0 {
			word = word[:i]
		}
		if strings.HasPrefix(s, "v") {
			why += " (write the version without its leading v)"
		}
		return Version{}, "", fmt.Errorf("invalid version %q: %s; expected X.Y.Z", word, why)
	}
	var v Version
	rest := s
	for i, field := range []*uint64{&v.Major, &v.Minor, &v.Patch} {
		n := digits(rest)
		if n == 0 {
			return bad("missing number")
		}
		if n > 1 && rest[0] == '0' {
			return bad("a number has a leading zero")
		}
		x, err := strconv.ParseUint(rest[:n], 10, 64)
		if err != nil {
			return bad("number out of range")
		}
		*field = x
		rest = rest[n:]
		if i < 2 {
			if !strings.HasPrefix(rest, ".") {
				return bad("missing '.'")
			}
			rest = rest[1:]
		}
	}
	if strings.HasPrefix(rest, "-") {
		n := digits(rest[1:])
		if n == 0 {
			return bad("the pre-release after '-' must be digits")
		}
		v.Pre, rest = rest[1:1+n], rest[1+n:]
	}
	if strings.HasPrefix(rest, "+") {
		n := alnums(rest[1:])
		if n == 0 {
			return bad("the metadata after '+' must be letters and digits")
		}
		v.Meta, rest = rest[1:1+n], rest[1+n:]
	}
	return v, rest, nil
}

func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

func alnums(s string) int {
	n := 0
	for n < len(s) && isASCIIAlnum(s[n]) {
		n++
	}
	return n
}

func isASCIIAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// Compare orders versions by semantic-version precedence: a pre-release
// comes before its release, pre-releases compare as numbers. Metadata
// breaks remaining ties so that the order is total.
func (v Version) Compare(w Version) int {
	for _, c := range [][2]uint64{{v.Major, w.Major}, {v.Minor, w.Minor}, {v.Patch, w.Patch}} {
		if c[0] != c[1] {
			if c[0] < c[1] {
				return -1
			}
			return 1
		}
	}
	switch {
	case v.Pre == w.Pre:
	case v.Pre == "":
		return 1
	case w.Pre == "":
		return -1
	default:
		if c := compareNumeric(v.Pre, w.Pre); c != 0 {
			return c
		}
	}
	return strings.Compare(v.Meta, w.Meta)
}

// compareNumeric compares two strings of digits as numbers of any size.
func compareNumeric(a, b string) int {
	a = strings.TrimLeft(a, "0")
	b = strings.TrimLeft(b, "0")
	if len(a) != len(b) {
		if len(a) < len(b) {
			return -1
		}
		return 1
	}
	return strings.Compare(a, b)
}

// Less reports whether v precedes w.
func (v Version) Less(w Version) bool { return v.Compare(w) < 0 }

// PseudoVersion is the version futhark pkg gives a commit of a package
// without releases: 0.0.0-yyyymmddhhmmss+commit, the time in UTC, so
// that newer commits are preferred and any release is preferred to all.
func PseudoVersion(t time.Time, commit string) Version {
	return Version{Pre: t.UTC().Format("20060102150405"), Meta: commit}
}

// Commit returns the commit a pseudo-version names, if v is one.
func (v Version) Commit() (string, bool) {
	if v.Major == 0 && v.Minor == 0 && v.Patch == 0 && v.Pre != "" && v.Meta != "" {
		return v.Meta, true
	}
	return "", false
}
