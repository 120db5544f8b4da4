package pkgmgr

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// MirrorEnv names the environment variable that maps package path
// prefixes to other repository URLs, for tests and mirrors:
// FCC_PKG_MIRROR='github.com=file:///srv/mirror/github.com,example.org=http://127.0.0.1:8080/git'
// makes github.com/user/repo come from file:///srv/mirror/github.com/user/repo.
// A prefix matches whole path components; the longest match wins.
const MirrorEnv = "FCC_PKG_MIRROR"

// Mirrors maps package path prefixes to URL prefixes.
type Mirrors map[string]string

// ParseMirrors reads the value of FCC_PKG_MIRROR.
func ParseMirrors(s string) (Mirrors, error) {
	m := Mirrors{}
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		prefix, url, ok := strings.Cut(item, "=")
		prefix = strings.Trim(prefix, "/")
		if !ok || prefix == "" || url == "" {
			return nil, fmt.Errorf("%s: %q is not prefix=URL", MirrorEnv, item)
		}
		m[prefix] = strings.TrimRight(url, "/")
	}
	return m, nil
}

// splitMajor splits a package path into the repository it lives in
// and the major versions whose tags belong to it: path@N is major N of
// path's repository, a path without @ majors 0 and 1.
func splitMajor(path string) (repo string, majors []uint64) {
	if i := strings.LastIndexByte(path, '@'); i >= 0 {
		if n, err := strconv.ParseUint(path[i+1:], 10, 64); err == nil {
			return path[:i], []uint64{n}
		}
	}
	return path, []uint64{0, 1}
}

// URL is where the repository of a package path is cloned from: as
// futhark pkg does, https:// and the path (without its @N), for
// github.com, gitlab.com and any other git host alike.
func (m Mirrors) URL(path string) string {
	repo, _ := splitMajor(path)
	best := ""
	for prefix := range m {
		if (repo == prefix || strings.HasPrefix(repo, prefix+"/")) && len(prefix) > len(best) {
			best = prefix
		}
	}
	if best != "" {
		return m[best] + repo[len(best):]
	}
	return "https://" + repo
}

// A Fetcher finds packages' versions and files with git: it clones each
// repository once, bare, into a temporary cache, lists its vX.Y.Z tags
// and reads files at commits from there.
type Fetcher struct {
	Mirrors Mirrors
	Log     io.Writer // running diagnostics, or nil

	cache  string
	repos  map[string]*repo
	clones int // clones tried, to name their folders
}

type repo struct {
	path   string // the package path
	url    string
	dir    string // the bare clone
	tags   map[string]tagged
	newest Version
	hasTag bool
}

type tagged struct {
	v      Version
	commit string
}

// A Revision is one version of a package, resolved to its commit.
type Revision struct {
	Path    string
	Version Version
	Commit  string
	URL     string
	repo    *repo
}

func (r *Revision) String() string {
	return fmt.Sprintf("package %s %s (%s)", r.Path, r.Version, r.URL)
}

// NewFetcher makes a fetcher with its cache in a new temporary folder;
// Close removes it.
func NewFetcher(mirrors Mirrors, log io.Writer) (*Fetcher, error) {
	dir, err := os.MkdirTemp("", "fcc-pkg-")
	if err != nil {
		return nil, err
	}
	return &Fetcher{Mirrors: mirrors, Log: log, cache: dir, repos: map[string]*repo{}}, nil
}

// Close removes the fetcher's cache.
func (f *Fetcher) Close() error { return os.RemoveAll(f.cache) }

func (f *Fetcher) logf(format string, args ...any) {
	if f.Log != nil {
		fmt.Fprintf(f.Log, format+"\n", args...)
	}
}

// git runs git and returns its output; errors carry git's own message.
func (f *Fetcher) git(args ...string) ([]byte, error) {
	f.logf("Running command: git %s", strings.Join(args, " "))
	cmd := exec.Command("git", args...)
	// A package that needs credentials fails rather than asking for them.
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0", "GIT_ASKPASS=true")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := cleanGitMessage(stderr.String())
		var ee *exec.Error
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("cannot run git (is it installed?): %v", err)
		}
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("git %s: %s", args[0], msg)
	}
	return out, nil
}

// cleanGitMessage tidies git's error output for an error message: no
// progress carriage returns, padding or repeated lines.
func cleanGitMessage(s string) string {
	var lines []string
	seen := map[string]bool{}
	for _, l := range strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' }) {
		l = strings.TrimSpace(l)
		if l != "" && !seen[l] {
			seen[l] = true
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n  ")
}

// repo clones the repository of path on first use.
func (f *Fetcher) repo(path string) (*repo, error) {
	if r, ok := f.repos[path]; ok {
		return r, nil
	}
	url := f.Mirrors.URL(path)
	f.clones++
	dir := filepath.Join(f.cache, strconv.Itoa(f.clones))
	if _, err := f.git("clone", "--bare", "--quiet", "--", url, dir); err != nil {
		return nil, fmt.Errorf("cannot clone %s: %v", url, err)
	}
	out, err := f.git("-C", dir, "for-each-ref", "--format=%(refname:strip=2) %(objectname) %(*objectname)", "refs/tags")
	if err != nil {
		return nil, fmt.Errorf("cannot list the tags of %s: %v", url, err)
	}
	r := &repo{path: path, url: url, dir: dir, tags: map[string]tagged{}}
	_, majors := splitMajor(path)
	for _, line := range strings.Split(string(out), "\n") {
		fields := strings.Fields(line)
		if len(fields) < 2 || !strings.HasPrefix(fields[0], "v") {
			continue
		}
		v, err := ParseVersion(fields[0][1:])
		if err != nil || !containsMajor(majors, v.Major) {
			continue
		}
		commit := fields[len(fields)-1] // the peeled commit of an annotated tag
		r.tags[v.String()] = tagged{v, commit}
		if !r.hasTag || r.newest.Less(v) {
			r.newest, r.hasTag = v, true
		}
	}
	f.repos[path] = r
	return r, nil
}

func containsMajor(majors []uint64, m uint64) bool {
	for _, x := range majors {
		if x == m {
			return true
		}
	}
	return false
}

// Versions returns the released versions of a package, oldest first.
func (f *Fetcher) Versions(path string) ([]Version, error) {
	r, err := f.repo(path)
	if err != nil {
		return nil, fmt.Errorf("package %s: %v", path, err)
	}
	vs := make([]Version, 0, len(r.tags))
	for _, t := range r.tags {
		vs = append(vs, t.v)
	}
	sort.Slice(vs, func(i, j int) bool { return vs[i].Less(vs[j]) })
	return vs, nil
}

// Newest returns the newest release of a package or, when it has none,
// the pseudo-version of the commit its default branch is at.
func (f *Fetcher) Newest(path string) (*Revision, error) {
	r, err := f.repo(path)
	if err != nil {
		return nil, fmt.Errorf("package %s: %v", path, err)
	}
	if r.hasTag {
		return f.Revision(path, r.newest)
	}
	f.logf("Package %s has no released versions. Using HEAD.", path)
	return f.commitRevision(r, "HEAD")
}

func (f *Fetcher) commitRevision(r *repo, ref string) (*Revision, error) {
	out, err := f.git("-C", r.dir, "rev-parse", "--verify", "--quiet", ref+"^{commit}")
	if err != nil {
		return nil, fmt.Errorf("package %s (%s) has no commit %s", r.path, r.url, ref)
	}
	commit := strings.TrimSpace(string(out))
	out, err = f.git("-C", r.dir, "show", "-s", "--format=%ct", commit)
	if err != nil {
		return nil, fmt.Errorf("package %s (%s): commit %s: %v", r.path, r.url, commit, err)
	}
	secs, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
	if err != nil {
		return nil, fmt.Errorf("package %s (%s): commit %s has no readable time", r.path, r.url, commit)
	}
	v := PseudoVersion(time.Unix(secs, 0), commit)
	return &Revision{Path: r.path, Version: v, Commit: commit, URL: r.url, repo: r}, nil
}

// Revision resolves a version of a package to its commit: a release
// through its tag, a pseudo-version through the commit it names.
func (f *Fetcher) Revision(path string, v Version) (*Revision, error) {
	r, err := f.repo(path)
	if err != nil {
		return nil, fmt.Errorf("package %s %s: %v", path, v, err)
	}
	if commit, ok := v.Commit(); ok {
		rev, err := f.commitRevision(r, commit)
		if err != nil {
			return nil, fmt.Errorf("package %s %s (%s): no commit %s", path, v, r.url, commit)
		}
		// The timestamp is not checked against the commit, as in futhark pkg.
		rev.Version = v
		return rev, nil
	}
	t, ok := r.tags[v.String()]
	if !ok {
		var b strings.Builder
		fmt.Fprintf(&b, "package %s (%s) does not have a version %s (no tag v%s)", path, r.url, v, v)
		vs, _ := f.Versions(path)
		if len(vs) == 0 {
			b.WriteString("; it has no versions. Invalid package path?")
		} else {
			names := make([]string, len(vs))
			for i, x := range vs {
				names[i] = x.String()
			}
			fmt.Fprintf(&b, "; known versions: %s", strings.Join(names, ", "))
		}
		if _, majors := splitMajor(path); !containsMajor(majors, v.Major) {
			repoPath, _ := splitMajor(path)
			fmt.Fprintf(&b, "\nFor major version %d, use package path %s@%d", v.Major, repoPath, v.Major)
		}
		return nil, errors.New(b.String())
	}
	return &Revision{Path: path, Version: v, Commit: t.commit, URL: r.url, repo: r}, nil
}

// Manifest reads the futhark.pkg of a revision.
func (f *Fetcher) Manifest(rev *Revision) (*Manifest, error) {
	out, err := f.git("-C", rev.repo.dir, "show", rev.Commit+":"+ManifestFile)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read %s at commit %s: %v", rev, ManifestFile, rev.Commit, err)
	}
	m, err := ParseManifest(ManifestFile, string(out))
	if err != nil {
		return nil, fmt.Errorf("%s: bad manifest: %v", rev, err)
	}
	return m, nil
}

// Requirements implements Resolver: the requirements in the futhark.pkg
// of a version, after checking that the version has the expected commit.
func (f *Fetcher) Requirements(path string, v Version, hash string) ([]Required, error) {
	rev, err := f.Revision(path, v)
	if err != nil {
		return nil, err
	}
	if hash != "" && hash != rev.Commit {
		return nil, fmt.Errorf("%s has commit hash %s, but expected %s from package manifest", rev, rev.Commit, hash)
	}
	m, err := f.Manifest(rev)
	if err != nil {
		return nil, err
	}
	return m.Requirements(), nil
}

// Extract writes the files of a revision's package directory,
// lib/<path>/ in its repository, into dest (which must not exist): the
// files as committed, read from git's object store, as a checkout would
// give them. Symbolic links and submodules are skipped. It fails,
// naming the package, if the directory is missing or an object cannot
// be read whole.
func (f *Fetcher) Extract(rev *Revision, dest string) error {
	pkgDir := "lib/" + rev.Path + "/"
	out, err := f.git("--literal-pathspecs", "-C", rev.repo.dir, "ls-tree", "-r", "-z", "--full-tree", rev.Commit, "--", pkgDir)
	if err != nil {
		return fmt.Errorf("%s: cannot list %s at commit %s: %v", rev, pkgDir, rev.Commit, err)
	}
	files, err := parseTree(out, pkgDir)
	if err != nil {
		return fmt.Errorf("%s: cannot list %s at commit %s: %v", rev, pkgDir, rev.Commit, err)
	}
	if len(files) == 0 {
		return fmt.Errorf("%s: commit %s has no package directory %s", rev, rev.Commit, pkgDir)
	}
	if err := os.MkdirAll(dest, 0o755); err != nil {
		return err
	}
	var input bytes.Buffer
	for _, file := range files {
		input.WriteString(file.object + "\n")
	}
	f.logf("Running command: git -C %s cat-file --batch", rev.repo.dir)
	cmd := exec.Command("git", "-C", rev.repo.dir, "cat-file", "--batch")
	cmd.Stdin = &input
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("cannot run git (is it installed?): %v", err)
	}
	readErr := writeBlobs(bufio.NewReader(stdout), files, dest)
	io.Copy(io.Discard, stdout)
	waitErr := cmd.Wait()
	if readErr != nil || waitErr != nil {
		msg := cleanGitMessage(stderr.String())
		if readErr != nil {
			msg = strings.TrimSpace(readErr.Error() + "\n  " + msg)
		} else if msg == "" {
			msg = waitErr.Error()
		}
		return fmt.Errorf("%s: cannot read the files of %s at commit %s: %s", rev, pkgDir, rev.Commit, msg)
	}
	return nil
}

// A treeFile is a file in a package directory: its name relative to
// the directory, its blob and whether it is executable.
type treeFile struct {
	name, object string
	exec         bool
}

// parseTree reads the output of git ls-tree -r -z, keeping the plain
// files under prefix.
func parseTree(out []byte, prefix string) ([]treeFile, error) {
	var files []treeFile
	for _, entry := range strings.Split(string(out), "\x00") {
		if entry == "" {
			continue
		}
		meta, path, ok := strings.Cut(entry, "\t")
		fields := strings.Fields(meta)
		if !ok || len(fields) != 3 {
			return nil, fmt.Errorf("unexpected ls-tree entry %q", entry)
		}
		mode, kind, object := fields[0], fields[1], fields[2]
		name, ok := strings.CutPrefix(path, prefix)
		if kind != "blob" || !ok || (mode != "100644" && mode != "100755") {
			continue // links, submodules
		}
		for _, part := range strings.Split(name, "/") {
			if part == "" || part == "." || part == ".." {
				return nil, fmt.Errorf("unsafe file name %q", path)
			}
		}
		files = append(files, treeFile{name: name, object: object, exec: mode == "100755"})
	}
	return files, nil
}

// writeBlobs reads git cat-file --batch's answers for files, in order,
// and writes each into dest. Each answer is "<object> blob <size>\n",
// the content and "\n"; anything else, or less, is an error.
func writeBlobs(r *bufio.Reader, files []treeFile, dest string) error {
	for _, file := range files {
		header, err := r.ReadString('\n')
		if err != nil {
			return fmt.Errorf("%s: no object %s (%v)", file.name, file.object, eofToUnexpected(err))
		}
		fields := strings.Fields(header)
		if len(fields) != 3 || fields[0] != file.object || fields[1] != "blob" {
			return fmt.Errorf("%s: object %s unreadable: %q", file.name, file.object, strings.TrimSpace(header))
		}
		size, err := strconv.ParseInt(fields[2], 10, 64)
		if err != nil || size < 0 {
			return fmt.Errorf("%s: object %s has a bad size %q", file.name, file.object, fields[2])
		}
		to := filepath.Join(dest, filepath.FromSlash(file.name))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if file.exec {
			mode = 0o755
		}
		if err := writeFile(to, io.LimitReader(r, size), size, mode); err != nil {
			return fmt.Errorf("%s: %v", file.name, err)
		}
		if nl, err := r.ReadByte(); err != nil || nl != '\n' {
			return fmt.Errorf("%s: object %s is not followed by a newline", file.name, file.object)
		}
	}
	return nil
}

func eofToUnexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// writeFile writes exactly size bytes from r into a new file.
func writeFile(name string, r io.Reader, size int64, mode os.FileMode) error {
	w, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	n, err := io.Copy(w, r)
	if err == nil && n != size {
		err = fmt.Errorf("%d of %d bytes: %w", n, size, io.ErrUnexpectedEOF)
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	return err
}
