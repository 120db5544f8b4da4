package exe

import (
	"bytes"
	"crypto/sha256"
	"os"
	"path/filepath"
	"strings"

	"github.com/fcclang/fcc/runtime/cl"
)

// The OpenCL program binary cache. Building a program from source can take
// seconds on some drivers, so the built binary is kept on disk and loaded
// by later runs: in the file given by --cache-file, or else under the
// user's cache directory (os.UserCacheDir()/fcc), one file per key. A
// cache file starts with its key, a SHA-256 hash of the source, the
// platform, device, device version, driver version and build options;
// any mismatch, unreadable file or failing load falls back to building
// from source, and a build from source rewrites the file. Set
// FCC_NO_CACHE to bypass the cache.

// cacheKey identifies what a cached binary was built from.
func (c *Context) cacheKey(source, opts string) []byte {
	h := sha256.New()
	for _, s := range []string{"fcc-opencl-cache-1", source, c.platform.Name(), c.device.Name(), c.device.Version(), c.device.DriverVersion(), opts} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return h.Sum(nil)
}

// cachePath is the cache file for key, or "" when caching is off.
func (c *Context) cachePath(key []byte) string {
	if os.Getenv("FCC_NO_CACHE") != "" {
		return ""
	}
	if c.Opts.CacheFile != "" {
		return c.Opts.CacheFile
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "fcc", "opencl-"+hexString(key[:16])+".bin")
}

func hexString(b []byte) string {
	const digits = "0123456789abcdef"
	var s strings.Builder
	for _, x := range b {
		s.WriteByte(digits[x>>4])
		s.WriteByte(digits[x&15])
	}
	return s.String()
}

// loadCachedProgram returns the program built from source with opts if
// the cache holds it, else nil.
func (c *Context) loadCachedProgram(source, opts string) *cl.Program {
	key := c.cacheKey(source, opts)
	path := c.cachePath(key)
	if path == "" {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil || len(data) <= len(key) || !bytes.Equal(data[:len(key)], key) {
		return nil
	}
	p, err := c.ctx.CreateProgramWithBinary(c.device, data[len(key):])
	if err != nil {
		c.Debugf("Ignoring the OpenCL binary cache %s: %v\n", path, err)
		return nil
	}
	if err := p.BuildProgram([]*cl.Device{c.device}, opts); err != nil {
		c.Debugf("Ignoring the OpenCL binary cache %s: %v\n", path, err)
		p.Release()
		return nil
	}
	return p
}

// storeCachedProgram writes the built program's binary to the cache,
// atomically (a temporary file renamed), ignoring failures.
func (c *Context) storeCachedProgram(p *cl.Program, source, opts string) {
	key := c.cacheKey(source, opts)
	path := c.cachePath(key)
	if path == "" {
		return
	}
	bin, err := p.Binary()
	if err != nil {
		c.Debugf("Not caching the OpenCL binary: %v\n", err)
		return
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".fcc-cache-*")
	if err != nil {
		return
	}
	_, werr := f.Write(append(key, bin...))
	cerr := f.Close()
	if werr != nil || cerr != nil || os.Rename(f.Name(), path) != nil {
		os.Remove(f.Name())
		return
	}
	c.Debugf("Stored the OpenCL binary in %s\n", path)
}
