package pkgmgr

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// The folders futhark pkg uses beside lib/ while replacing it.
const (
	libDir    = "lib"
	libNewDir = "lib~new"
	libOldDir = "lib~old"
)

// install fills lib/ of dir with the packages of bl. Everything is
// fetched into lib~new/ first; lib/ is replaced only when all of it is
// there, by renames: lib -> lib~old, lib~new -> lib. The package's own
// folder, lib/<own>, is kept from the old lib/. A failure before the
// renames leaves lib/ as it was.
func install(dir string, f *Fetcher, own string, bl BuildList) error {
	lib := filepath.Join(dir, libDir)
	libNew := filepath.Join(dir, libNewDir)
	libOld := filepath.Join(dir, libOldDir)
	if err := os.RemoveAll(libNew); err != nil {
		return err
	}
	if err := os.Mkdir(libNew, 0o755); err != nil {
		return err
	}
	for _, p := range bl.Paths() {
		rev, err := f.Revision(p, bl[p])
		if err != nil {
			os.RemoveAll(libNew)
			return err
		}
		f.logf("Installing %s", rev)
		if err := f.Extract(rev, filepath.Join(libNew, filepath.FromSlash(p))); err != nil {
			os.RemoveAll(libNew)
			return err
		}
	}

	_, err := os.Stat(lib)
	hadLib := err == nil
	if hadLib {
		if err := os.RemoveAll(libOld); err != nil {
			return err
		}
		if err := os.Rename(lib, libOld); err != nil {
			return err
		}
	}
	if err := os.Rename(libNew, lib); err != nil {
		if hadLib {
			os.Rename(libOld, lib)
		}
		return err
	}
	if !hadLib {
		return nil
	}
	if own != "" {
		from := filepath.Join(libOld, filepath.FromSlash(own))
		to := filepath.Join(lib, filepath.FromSlash(own))
		if _, err := os.Stat(from); err == nil {
			if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
				return keepOld(err)
			}
			if err := os.RemoveAll(to); err != nil {
				return keepOld(err)
			}
			if err := os.Rename(from, to); err != nil {
				return keepOld(err)
			}
		}
	}
	return os.RemoveAll(libOld)
}

func keepOld(err error) error {
	return errors.Join(err, fmt.Errorf("the previous lib/ is in %s/; move it back to recover", libOldDir))
}
