package pkgmgr

import (
	"fmt"
	"strings"
	"testing"
)

// graph is a Resolver over a fixed requirement graph:
// "path version" -> requirements, written "path version" each.
type graph map[string][]string

func (g graph) Requirements(path string, v Version, _ string) ([]Required, error) {
	deps, ok := g[path+" "+v.String()]
	if !ok {
		return nil, fmt.Errorf("unknown package/version: %s %s", path, v)
	}
	return reqs(deps...), nil
}

func reqs(ss ...string) []Required {
	var rs []Required
	for _, s := range ss {
		p, vs, _ := strings.Cut(s, " ")
		v, err := ParseVersion(vs)
		if err != nil {
			panic(err)
		}
		rs = append(rs, Required{Path: p, Version: v})
	}
	return rs
}

func TestSolve(t *testing.T) {
	// The example of Russ Cox's "Minimal Version Selection", with
	// futhark-style paths.
	g := graph{
		"a 1.0.0":   {"b 1.2.0", "c 1.2.0"},
		"b 1.1.0":   {"d 1.1.0"},
		"b 1.2.0":   {"d 1.3.0"},
		"c 1.2.0":   {"d 1.4.0"},
		"c 1.3.0":   {"f 1.1.0"},
		"d 1.1.0":   {"e 1.1.0"},
		"d 1.3.0":   {"e 1.2.0"},
		"d 1.4.0":   {"e 1.2.0"},
		"e 1.1.0":   {},
		"e 1.2.0":   {},
		"e 1.3.0":   {},
		"f 1.1.0":   {"g 1.1.0"},
		"g 1.1.0":   {},
		"x 1.0.0":   {"y 1.0.0"},
		"x 1.1.0":   {},
		"y 1.0.0":   {},
		"h@2 2.0.0": {"h 1.0.0"},
		"h 1.0.0":   {},
		"m 1.0.0":   {"n 1.0.0"},
	}
	for _, tc := range []struct {
		name  string
		roots []string
		want  string
		err   string
	}{
		{name: "nothing", want: ""},
		{name: "one", roots: []string{"e 1.1.0"}, want: "e => 1.1.0\n"},
		{
			name:  "transitive: the largest minimum of each",
			roots: []string{"a 1.0.0"},
			want:  "a => 1.0.0\nb => 1.2.0\nc => 1.2.0\nd => 1.4.0\ne => 1.2.0\n",
		},
		{
			name:  "a root above a transitive requirement wins",
			roots: []string{"a 1.0.0", "e 1.3.0"},
			want:  "a => 1.0.0\nb => 1.2.0\nc => 1.2.0\nd => 1.4.0\ne => 1.3.0\n",
		},
		{
			name:  "order does not matter",
			roots: []string{"e 1.3.0", "a 1.0.0"},
			want:  "a => 1.0.0\nb => 1.2.0\nc => 1.2.0\nd => 1.4.0\ne => 1.3.0\n",
		},
		{
			name:  "requirements of superseded versions are dropped",
			roots: []string{"x 1.0.0", "x 1.1.0"},
			want:  "x => 1.1.0\n",
		},
		{
			name:  "major versions are different packages",
			roots: []string{"h@2 2.0.0"},
			want:  "h => 1.0.0\nh@2 => 2.0.0\n",
		},
		{name: "missing version", roots: []string{"e 9.0.0"}, err: "unknown package/version: e 9.0.0"},
		{name: "missing transitive version", roots: []string{"m 1.0.0"}, err: "unknown package/version: n 1.0.0\n(required by m 1.0.0)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bl, err := Solve(reqs(tc.roots...), g)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("Solve error = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := bl.String(); got != tc.want {
				t.Errorf("build list\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
