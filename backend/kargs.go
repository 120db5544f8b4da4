package backend

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// This file trims kernels' parameter lists to what their bodies read.
// The generators declare a parameter for every component of every free
// name (an array's buffer, offset, dimensions and strides; the error
// buffer; the space's sizes), but a body reads only some: a map that
// reads an array only at its own point never reads its dimensions, a body
// with no check that can fail never writes the error buffer. NVIDIA's
// OpenCL charges the host of every launch for every argument, set or not
// (bench/probe/launch_floor.c: 4.1 us with 3 arguments, 4.7 with 9), and a
// launch-bound host loop pays it at every iteration (SRAD's kernels took
// 19-24 arguments). So once the program's kernels are generated, every
// kernel launched through launchKernel loses the parameters its body
// never names, and each of its launches the matching arguments; a comment
// above the kernel records which (kernels.cl, --dump-opencl).

// launchSite is the argument list of one generated launch, whose text in
// the host code is its marker until trimLaunchArgs writes it.
type launchSite struct {
	kernel string
	host   []string
}

// launchArgList returns the marker that stands for the arguments host of
// a launch of kernel in the host code until trimLaunchArgs replaces it
// with those the kernel still takes.
func (g *gen) launchArgList(kernel string, host []string) string {
	g.launches = append(g.launches, launchSite{kernel: kernel, host: slices.Clone(host)})
	return fmt.Sprintf("/*fcc:args %d*/", len(g.launches)-1)
}

var argMarker = regexp.MustCompile(`/\*fcc:args ([0-9]+)\*/`)

// trimLaunchArgs removes from every kernel launched by a marker the
// parameters its body does not name, and writes each marker's argument
// list without them.
func (g *gen) trimLaunchArgs() error {
	launched := map[string]bool{}
	for _, l := range g.launches {
		launched[l.kernel] = true
	}
	kept := map[string][]int{}
	for i, src := range g.kernels {
		out, err := trimKernels(src, launched, kept)
		if err != nil {
			return err
		}
		g.kernels[i] = out
	}
	var firstErr error
	host := argMarker.ReplaceAllStringFunc(g.host.String(), func(m string) string {
		n, _ := strconv.Atoi(argMarker.FindStringSubmatch(m)[1])
		l := g.launches[n]
		keep, ok := kept[l.kernel]
		if !ok {
			return launchArgs(l.host)
		}
		if len(keep) > 0 && keep[len(keep)-1] >= len(l.host) && firstErr == nil {
			firstErr = fmt.Errorf("internal error: kernel %s takes %d parameters, its launch passes %d", l.kernel, keep[len(keep)-1]+1, len(l.host))
			return m
		}
		args := make([]string, 0, len(keep))
		for _, k := range keep {
			args = append(args, l.host[k])
		}
		return launchArgs(args)
	})
	if firstErr != nil {
		return firstErr
	}
	g.host.Reset()
	g.host.WriteString(host)
	return nil
}

// trimKernels trims the parameter lists of the kernels in src (one or
// more kernel definitions with the text between them) that are in
// launched, recording for each the indices of the parameters it keeps.
func trimKernels(src string, launched map[string]bool, kept map[string][]int) (string, error) {
	const head = "__kernel void "
	var b strings.Builder
	for {
		i := strings.Index(src, head)
		if i < 0 {
			b.WriteString(src)
			return b.String(), nil
		}
		open := i + strings.IndexByte(src[i:], '(')
		name := src[i+len(head) : open]
		closeP := matching(src, open, '(', ')')
		brace := closeP + strings.IndexByte(src[closeP:], '{')
		if closeP < 0 || brace < closeP {
			return "", fmt.Errorf("internal error: kernel %s: no parameter list and body", name)
		}
		end := matching(src, brace, '{', '}')
		if end < 0 {
			return "", fmt.Errorf("internal error: kernel %s: unbalanced braces", name)
		}
		params := splitParams(src[open+1 : closeP])
		if !launched[name] || len(params) == 0 {
			b.WriteString(src[:end+1])
			src = src[end+1:]
			continue
		}
		named := identifiers(src[brace : end+1])
		var keep []int
		var decls, dropped []string
		for k, p := range params {
			id := paramName(p)
			if id == "" || named[id] {
				keep = append(keep, k)
				decls = append(decls, p)
				continue
			}
			dropped = append(dropped, id)
		}
		if _, dup := kept[name]; dup {
			return "", fmt.Errorf("internal error: kernel %s defined twice", name)
		}
		kept[name] = keep
		b.WriteString(src[:i])
		if len(dropped) > 0 {
			fmt.Fprintf(&b, "// %s: not passed (never read): %s\n", name, strings.Join(dropped, ", "))
		}
		fmt.Fprintf(&b, "%s%s(%s)", head, name, strings.Join(decls, ",\n    "))
		b.WriteString(src[closeP+1 : end+1])
		src = src[end+1:]
	}
}

// matching is the index of the bracket closing the one at src[open], or
// -1.
func matching(src string, open int, o, c byte) int {
	if open < 0 || open >= len(src) || src[open] != o {
		return -1
	}
	depth := 0
	for j := open; j < len(src); j++ {
		switch src[j] {
		case o:
			depth++
		case c:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// splitParams splits a parameter list at its commas, each declaration
// trimmed of surrounding space.
func splitParams(list string) []string {
	if strings.TrimSpace(list) == "" {
		return nil
	}
	ps := strings.Split(list, ",")
	for i, p := range ps {
		ps[i] = strings.TrimSpace(p)
	}
	return ps
}

var identRE = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// paramName is the name a parameter declaration declares: its last
// identifier ("" for none).
func paramName(decl string) string {
	ids := identRE.FindAllString(decl, -1)
	if len(ids) == 0 {
		return ""
	}
	return ids[len(ids)-1]
}

// identifiers are the identifiers of C source text. Comments count too,
// which can only keep a parameter that is not needed.
func identifiers(src string) map[string]bool {
	m := map[string]bool{}
	for _, id := range identRE.FindAllString(src, -1) {
		m[id] = true
	}
	return m
}
