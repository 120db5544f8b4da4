//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package pkgmgr

import (
	"os"
	"syscall"
)

// lockDir takes an exclusive lock on a folder, waiting for other fcc pkg
// runs there to finish, so that two runs never interleave their changes
// to futhark.pkg and lib/. The lock goes with the process if it dies.
func lockDir(dir string) (unlock func(), err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
