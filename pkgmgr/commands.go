// Package pkgmgr is fcc's package manager, futhark pkg's counterpart:
// it reads and writes futhark.pkg manifests, selects versions of
// packages by minimal version selection, fetches them with git and lays
// them out in lib/ as futhark pkg does.
package pkgmgr

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A Session runs package commands in one folder (the one that holds
// futhark.pkg and lib/). Commands take the folder's lock for their
// whole run.
type Session struct {
	Dir     string
	Out     io.Writer // messages for the user
	Log     io.Writer // running diagnostics (-v), or nil
	Mirrors Mirrors
}

func (s *Session) printf(format string, args ...any) {
	fmt.Fprintf(s.Out, format+"\n", args...)
}

// locked runs fn holding the folder's lock, with a fetcher if fetch.
func (s *Session) locked(fetch bool, fn func(f *Fetcher) error) error {
	unlock, err := lockDir(s.Dir)
	if err != nil {
		return fmt.Errorf("cannot lock %s: %v", s.Dir, err)
	}
	defer unlock()
	if !fetch {
		return fn(nil)
	}
	f, err := NewFetcher(s.Mirrors, s.Log)
	if err != nil {
		return err
	}
	defer f.Close()
	return fn(f)
}

func (s *Session) manifestPath() string { return filepath.Join(s.Dir, ManifestFile) }

// readManifest reads futhark.pkg; a missing one reads as empty, as in
// futhark pkg, when missingOK.
func (s *Session) readManifest(missingOK bool) (*Manifest, error) {
	if st, err := os.Stat(s.manifestPath()); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s exists, but it is a folder", ManifestFile)
	}
	src, err := os.ReadFile(s.manifestPath())
	if errors.Is(err, fs.ErrNotExist) && missingOK {
		s.printf("%s not found - pretending it's empty.", ManifestFile)
		return &Manifest{}, nil
	}
	if err != nil {
		return nil, err
	}
	return ParseManifest(ManifestFile, string(src))
}

// writeManifest replaces futhark.pkg whole (a new file renamed over it).
func (s *Session) writeManifest(m *Manifest) error {
	tmp, err := os.CreateTemp(s.Dir, ".futhark.pkg-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.WriteString(m.String()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), s.manifestPath())
}

// Init makes a futhark.pkg for a new package with path p and its
// package folder lib/<p>/.
func (s *Session) Init(p string) error {
	if err := CheckPackagePath(p); err != nil {
		return fmt.Errorf("%v\nNote: package paths are usually URIs without the scheme, such as github.com/user/repo.\nNote: 'fcc pkg init' is only needed when creating a package, not to use packages", err)
	}
	return s.locked(false, func(*Fetcher) error {
		if _, err := os.Stat(s.manifestPath()); err == nil {
			return fmt.Errorf("%s already exists", ManifestFile)
		}
		libP := filepath.Join(libDir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Join(s.Dir, libP), 0o755); err != nil {
			return err
		}
		s.printf("Created directory %s.", libP)
		if err := s.writeManifest(&Manifest{Package: p}); err != nil {
			return err
		}
		s.printf("Wrote %s.", ManifestFile)
		return nil
	})
}

// Add requires version v of package p (the newest when v is nil), after
// checking that it and its requirements exist.
func (s *Session) Add(p string, v *Version) error {
	if err := CheckPackagePath(p); err != nil {
		return err
	}
	return s.locked(true, func(f *Fetcher) error {
		m, err := s.readManifest(true)
		if err != nil {
			return err
		}
		var rev *Revision
		if v == nil {
			rev, err = f.Newest(p)
		} else {
			rev, err = f.Revision(p, *v)
		}
		if err != nil {
			return err
		}
		// Solve with the new requirement in place of any old one, so
		// that it and everything it needs are known to exist.
		roots := []Required{{Path: p, Version: rev.Version}}
		for _, r := range m.Requirements() {
			if r.Path != p {
				roots = append(roots, r)
			}
		}
		if _, err := Solve(roots, f); err != nil {
			return err
		}
		req := Required{Path: p, Version: rev.Version}
		// A pseudo-version names its commit already.
		if _, ok := rev.Version.Commit(); !ok {
			req.Hash = rev.Commit
		}
		old, replaced := m.Set(req)
		switch {
		case replaced && old.Version == req.Version:
			s.printf("Package already at version %s; nothing to do.", req.Version)
		case replaced:
			s.printf("Replaced %s %s => %s.", p, old.Version, req.Version)
		default:
			s.printf("Added new required package %s %s.", p, req.Version)
		}
		if err := s.writeManifest(m); err != nil {
			return err
		}
		s.printf("Remember to run 'fcc pkg sync'.")
		return nil
	})
}

// Remove drops the requirement on package p from futhark.pkg (its files
// stay in lib/ until the next sync).
func (s *Session) Remove(p string) error {
	return s.locked(false, func(*Fetcher) error {
		m, err := s.readManifest(true)
		if err != nil {
			return err
		}
		r, ok := m.Remove(p)
		if !ok {
			return fmt.Errorf("no package %s found in %s", p, ManifestFile)
		}
		if err := s.writeManifest(m); err != nil {
			return err
		}
		s.printf("Removed %s %s.", p, r.Version)
		return nil
	})
}

// Upgrade raises every requirement to the newest version of its major
// version (the newest commit for packages without releases).
func (s *Session) Upgrade() error {
	return s.locked(true, func(f *Fetcher) error {
		m, err := s.readManifest(true)
		if err != nil {
			return err
		}
		changed := false
		for _, e := range m.Require {
			r := e.Required
			if r == nil {
				continue
			}
			rev, err := f.Newest(r.Path)
			if err != nil {
				return err
			}
			if rev.Version != r.Version {
				s.printf("Upgraded %s %s => %s.", r.Path, r.Version, rev.Version)
				changed = true
			}
			hash := rev.Commit
			if _, ok := rev.Version.Commit(); ok {
				hash = "" // as in Add: the version names the commit
			}
			if r.Hash != hash {
				changed = true
			}
			r.Version, r.Hash = rev.Version, hash
		}
		if err := s.writeManifest(m); err != nil {
			return err
		}
		if changed {
			s.printf("Remember to run 'fcc pkg sync'.")
		} else {
			s.printf("Nothing to upgrade.")
		}
		return nil
	})
}

// Sync makes lib/ hold exactly the selected versions of the required
// packages (and the package's own folder, if it has a package path).
func (s *Session) Sync() error {
	return s.locked(true, func(f *Fetcher) error {
		m, err := s.readManifest(true)
		if err != nil {
			return err
		}
		bl, err := Solve(m.Requirements(), f)
		if err != nil {
			return err
		}
		return install(s.Dir, f, m.Package, bl)
	})
}

// Check verifies that futhark.pkg is valid and its requirements can be
// met, printing the versions chosen, and that a package's own folder
// lib/<path>/ exists and holds .fut files.
func (s *Session) Check() error {
	return s.locked(true, func(f *Fetcher) error {
		m, err := s.readManifest(true)
		if err != nil {
			return err
		}
		bl, err := Solve(m.Requirements(), f)
		if err != nil {
			return err
		}
		s.printf("Dependencies chosen:")
		fmt.Fprint(s.Out, bl.String())
		if m.Package == "" {
			return nil
		}
		pdir := filepath.Join(libDir, filepath.FromSlash(m.Package))
		st, err := os.Stat(filepath.Join(s.Dir, pdir))
		if err != nil || !st.IsDir() {
			return fmt.Errorf("the package directory %s does not exist", pdir)
		}
		found := false
		filepath.WalkDir(filepath.Join(s.Dir, pdir), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".fut") {
				found = true
				return filepath.SkipAll
			}
			return nil
		})
		if !found {
			return fmt.Errorf("the package directory %s does not contain any .fut files", pdir)
		}
		return nil
	})
}

// Fmt rewrites futhark.pkg in the standard layout, keeping comments.
func (s *Session) Fmt() error {
	return s.locked(false, func(*Fetcher) error {
		m, err := s.readManifest(false)
		if err != nil {
			return err
		}
		return s.writeManifest(m)
	})
}

// Versions prints the released versions of package p, oldest first.
func (s *Session) Versions(p string) error {
	if err := CheckPackagePath(p); err != nil {
		return err
	}
	f, err := NewFetcher(s.Mirrors, s.Log)
	if err != nil {
		return err
	}
	defer f.Close()
	vs, err := f.Versions(p)
	if err != nil {
		return err
	}
	for _, v := range vs {
		s.printf("%s", v)
	}
	return nil
}
