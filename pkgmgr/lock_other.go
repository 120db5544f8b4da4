//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package pkgmgr

// lockDir does nothing where flock is missing: concurrent runs in one
// folder are then the user's to avoid.
func lockDir(string) (func(), error) { return func() {}, nil }
