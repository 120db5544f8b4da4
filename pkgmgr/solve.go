package pkgmgr

import (
	"fmt"
	"sort"
	"strings"
)

// A Resolver gives the requirements of one version of a package (those
// of its own futhark.pkg). hash, when not empty, is the commit the
// requirer expects the version to have; a resolver that can see commits
// must fail when it differs.
type Resolver interface {
	Requirements(path string, v Version, hash string) ([]Required, error)
}

// A BuildList maps each package to install to its selected version.
type BuildList map[string]Version

// Paths returns the build list's packages in sorted order.
func (bl BuildList) Paths() []string {
	ps := make([]string, 0, len(bl))
	for p := range bl {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	return ps
}

// String prints one "path => version" line per package, sorted.
func (bl BuildList) String() string {
	var b strings.Builder
	for _, p := range bl.Paths() {
		fmt.Fprintf(&b, "%s => %s\n", p, bl[p])
	}
	return b.String()
}

// Solve selects versions by minimal version selection: each package
// gets the largest of the minimum versions required of it anywhere in
// the requirement graph reached from roots, which is the oldest version
// that satisfies every requirement. Packages that only a superseded
// version required are left out of the result.
func Solve(roots []Required, r Resolver) (BuildList, error) {
	type node struct {
		v    Version
		deps []string
	}
	selected := map[string]node{}
	var add func(req Required, by string) error
	add = func(req Required, by string) error {
		if cur, ok := selected[req.Path]; ok && !cur.v.Less(req.Version) {
			return nil
		}
		reqs, err := r.Requirements(req.Path, req.Version, req.Hash)
		if err != nil {
			if by != "" {
				err = fmt.Errorf("%w\n(required by %s)", err, by)
			}
			return err
		}
		deps := make([]string, len(reqs))
		for i, d := range reqs {
			deps[i] = d.Path
		}
		selected[req.Path] = node{req.Version, deps}
		for _, d := range reqs {
			if err := add(d, req.Path+" "+req.Version.String()); err != nil {
				return err
			}
		}
		return nil
	}
	for _, req := range roots {
		if err := add(req, ""); err != nil {
			return nil, err
		}
	}
	// Keep what the selected versions reach from the roots.
	bl := BuildList{}
	var reach func(p string)
	reach = func(p string) {
		n, ok := selected[p]
		if !ok {
			return
		}
		if _, seen := bl[p]; seen {
			return
		}
		bl[p] = n.v
		for _, d := range n.deps {
			reach(d)
		}
	}
	for _, req := range roots {
		reach(req.Path)
	}
	return bl, nil
}
