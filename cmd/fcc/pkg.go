package main

import (
	"fmt"
	"io"
	"os"

	"github.com/fcclang/fcc/pkgmgr"
)

// pkgCommands are fcc pkg's subcommands, those of futhark pkg.
var pkgCommands = []struct {
	name, args, summary string
	nargs               []int // the numbers of arguments it takes
}{
	{"add", "PKGPATH [X.Y.Z]", "add another required package to futhark.pkg", []int{1, 2}},
	{"check", "", "check that futhark.pkg is satisfiable", []int{0}},
	{"fmt", "", "reformat futhark.pkg", []int{0}},
	{"init", "PKGPATH", "create a new futhark.pkg and a lib/ skeleton", []int{1}},
	{"remove", "PKGPATH", "remove a required package from futhark.pkg", []int{1}},
	{"sync", "", "populate lib/ as specified by futhark.pkg", []int{0}},
	{"upgrade", "", "upgrade all packages to newest versions", []int{0}},
	{"versions", "PKGPATH", "list available versions for a package", []int{1}},
}

func pkgUsage(w io.Writer) {
	fmt.Fprintln(w, "Usage: fcc pkg <command> [-v] [arguments]")
	fmt.Fprintln(w, "\nCommands:")
	for _, c := range pkgCommands {
		fmt.Fprintf(w, "  %-9s %-16s %s\n", c.name, c.args, c.summary)
	}
	fmt.Fprintf(w, "\nPackages are git repositories fetched from https://PKGPATH (without any @N);\n%s=prefix=URL,... fetches paths under prefix from URL instead (tests, mirrors).\n", pkgmgr.MirrorEnv)
}

// cmdPkg is futhark pkg: it edits futhark.pkg and fills lib/ in the
// current folder.
func cmdPkg(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		pkgUsage(stderr)
		return 2
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		pkgUsage(stdout)
		return 0
	}
	i := -1
	for j, c := range pkgCommands {
		if c.name == args[0] {
			i = j
		}
	}
	if i < 0 {
		fmt.Fprintf(stderr, "fcc pkg: unknown command %q\n\n", args[0])
		pkgUsage(stderr)
		return 2
	}
	c := pkgCommands[i]
	fs := newFlags("pkg "+c.name, c.args, stdout, stderr)
	verbose := fs.BoolP("verbose", "v", false, "write running diagnostics to stderr")
	if code, done := parseFlags(fs, args[1:], -1, stderr); done {
		return code
	}
	okArgs := false
	for _, n := range c.nargs {
		okArgs = okArgs || fs.NArg() == n
	}
	if !okArgs {
		fmt.Fprintf(stderr, "Usage: fcc pkg %s %s\n", c.name, c.args)
		return 2
	}
	mirrors, err := pkgmgr.ParseMirrors(os.Getenv(pkgmgr.MirrorEnv))
	if err != nil {
		return fail(stderr, err)
	}
	dir, err := os.Getwd()
	if err != nil {
		return fail(stderr, err)
	}
	s := &pkgmgr.Session{Dir: dir, Out: stdout, Mirrors: mirrors}
	if *verbose {
		s.Log = stderr
	}
	switch c.name {
	case "add":
		var v *pkgmgr.Version
		if fs.NArg() == 2 {
			x, err := pkgmgr.ParseVersion(fs.Arg(1))
			if err != nil {
				return fail(stderr, err)
			}
			v = &x
		}
		err = s.Add(fs.Arg(0), v)
	case "check":
		err = s.Check()
	case "fmt":
		err = s.Fmt()
	case "init":
		err = s.Init(fs.Arg(0))
	case "remove":
		err = s.Remove(fs.Arg(0))
	case "sync":
		err = s.Sync()
	case "upgrade":
		err = s.Upgrade()
	case "versions":
		err = s.Versions(fs.Arg(0))
	}
	if err != nil {
		return fail(stderr, err)
	}
	return 0
}
