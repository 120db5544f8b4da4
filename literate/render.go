package literate

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// Value is a FutharkScript result as directives see it: a primitive value
// or array, a tuple or record of values, or an opaque value that has no
// textual form.
type Value struct {
	Prim   *values.Value
	Fields []Field // a tuple (fields named 0, 1, ...) or a record
	Opaque string  // the type name of an opaque value
}

// Field is one component of a tuple or record.
type Field struct {
	Name  string
	Value Value
}

// IsTuple reports whether v is a tuple: a record whose fields are 0..n-1.
func (v Value) IsTuple() bool {
	if v.Prim != nil || len(v.Fields) == 0 {
		return false
	}
	for i, f := range v.Fields {
		if f.Name != fmt.Sprint(i) {
			return false
		}
	}
	return true
}

// String is the value in Futhark's syntax.
func (v Value) String() string {
	var b strings.Builder
	v.write(&b)
	return b.String()
}

func (v Value) write(b *strings.Builder) {
	switch {
	case v.Prim != nil:
		var buf bytes.Buffer
		if err := values.WriteText(&buf, *v.Prim); err != nil {
			fmt.Fprintf(b, "<%v>", err)
			return
		}
		b.WriteString(strings.TrimSpace(buf.String()))
	case v.Opaque != "":
		fmt.Fprintf(b, "#<opaque %s>", v.Opaque)
	case v.IsTuple():
		b.WriteString("(")
		for i, f := range v.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			f.Value.write(b)
		}
		b.WriteString(")")
	default:
		b.WriteString("{")
		for i, f := range v.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(f.Name + " = ")
			f.Value.write(b)
		}
		b.WriteString("}")
	}
}

// Evaluator evaluates FutharkScript expressions against the program.
type Evaluator interface {
	Eval(expr string) (Value, error)
}

// Options control Render.
type Options struct {
	// ImgDir is the folder the generated files go to, and ImgRef the same
	// folder as the Markdown refers to it (relative to the Markdown file).
	ImgDir, ImgRef string
	// StopOnError makes the first failing directive an error; otherwise
	// its message is written into the Markdown and rendering goes on.
	StopOnError bool
	// Log, when not nil, is told about each directive as it runs.
	Log io.Writer
	// LookPath finds external programs (gnuplot, ffmpeg); exec.LookPath
	// outside tests.
	LookPath func(string) (string, error)
	// File names the program in messages.
	File string
}

// Render evaluates the directives of blocks and returns the Markdown.
// Generated files are written to opts.ImgDir, which must exist. The error
// of a failing directive is returned only with StopOnError.
func Render(blocks []Block, ev Evaluator, opts Options) (string, error) {
	var md strings.Builder
	names := map[string]int{}
	failed := false
	for _, b := range blocks {
		if md.Len() > 0 {
			md.WriteString("\n")
		}
		switch b.Kind {
		case TextBlock:
			md.WriteString(strings.Join(b.Lines, "\n") + "\n")
		case CodeBlock:
			md.WriteString("```futhark\n" + strings.Join(b.Lines, "\n") + "\n```\n")
		case DirectiveBlock:
			d := b.Dir
			if opts.Log != nil {
				fmt.Fprintf(opts.Log, "%s:%d: > %s\n", opts.File, d.Line, d.Source)
			}
			if !d.Covert {
				md.WriteString("```\n> " + d.shown() + "\n```\n\n")
			}
			out, err := runDirective(d, ev, opts, names)
			if err != nil {
				failed = true
				err = fmt.Errorf("%s:%d: %w", opts.File, d.Line, err)
				if opts.StopOnError {
					return "", err
				}
				if opts.Log != nil {
					fmt.Fprintln(opts.Log, err)
				}
				md.WriteString("**FAILED**\n```\n" + err.Error() + "\n```\n")
				continue
			}
			md.WriteString(out)
		}
	}
	if failed {
		return md.String(), ErrDirectivesFailed
	}
	return md.String(), nil
}

// ErrDirectivesFailed is returned with the Markdown when some directive
// failed and StopOnError was off.
var ErrDirectivesFailed = errors.New("some directives failed")

// shown is the directive as the Markdown shows it: with its parameters,
// unless :brief.
func (d *Directive) shown() string {
	if d.Brief || len(d.ParamsL) == 0 {
		s := d.Source
		if d.Brief {
			s = strings.TrimSpace(strings.TrimPrefix(s, ":brief"))
			s = strings.TrimSuffix(s, ";")
		}
		return s
	}
	return d.Source + "\n" + strings.Join(d.ParamsL, "\n")
}

func runDirective(d *Directive, ev Evaluator, opts Options, names map[string]int) (string, error) {
	v, err := ev.Eval(d.Expr)
	if err != nil {
		return "", err
	}
	switch d.Name {
	case "":
		return "```\n" + v.String() + "\n```\n", nil
	case "img":
		name, err := d.fileName(names, "png")
		if err != nil {
			return "", err
		}
		if err := writeImage(filepath.Join(opts.ImgDir, name), v); err != nil {
			return "", err
		}
		return fmt.Sprintf("![](%s)\n", filepath.ToSlash(filepath.Join(opts.ImgRef, name))), nil
	case "plot2d":
		name, err := d.fileName(names, "png")
		if err != nil {
			return "", err
		}
		if err := plot2d(filepath.Join(opts.ImgDir, name), d, v); err != nil {
			return "", err
		}
		return fmt.Sprintf("![](%s)\n", filepath.ToSlash(filepath.Join(opts.ImgRef, name))), nil
	case "gnuplot":
		name, err := d.fileName(names, "png")
		if err != nil {
			return "", err
		}
		if err := gnuplot(filepath.Join(opts.ImgDir, name), d, v, opts.LookPath); err != nil {
			return "", err
		}
		return fmt.Sprintf("![](%s)\n", filepath.ToSlash(filepath.Join(opts.ImgRef, name))), nil
	case "video":
		format := "webm"
		if p, ok := d.Param("format"); ok {
			format = p.Value
		}
		if format != "webm" && format != "gif" {
			return "", fmt.Errorf("line %d: :video's format is webm or gif, not %q", d.Line, format)
		}
		name, err := d.fileName(names, format)
		if err != nil {
			return "", err
		}
		if err := video(filepath.Join(opts.ImgDir, name), format, d, v, opts.LookPath); err != nil {
			return "", err
		}
		ref := filepath.ToSlash(filepath.Join(opts.ImgRef, name))
		if format == "gif" {
			return fmt.Sprintf("![](%s)\n", ref), nil
		}
		return fmt.Sprintf("<video src=\"%s\" controls></video>\n", ref), nil
	case "audio":
		codec := "wav"
		if p, ok := d.Param("codec"); ok {
			codec = p.Value
		}
		name, err := d.fileName(names, codec)
		if err != nil {
			return "", err
		}
		if err := audio(filepath.Join(opts.ImgDir, name), codec, d, v, opts.LookPath); err != nil {
			return "", err
		}
		return fmt.Sprintf("<audio src=\"%s\" controls></audio>\n", filepath.ToSlash(filepath.Join(opts.ImgRef, name))), nil
	}
	return "", fmt.Errorf("unknown directive :%s", d.Name)
}

// fileName is the name of a directive's generated file: the file
// parameter when given (no folder, no spaces, as futhark literate
// requires), else one derived from the directive's text, so that it stays
// the same from one run to the next.
func (d *Directive) fileName(names map[string]int, ext string) (string, error) {
	if p, ok := d.Param("file"); ok {
		if p.Value == "" || strings.ContainsAny(p.Value, "/\\ \t") || p.Value == "." || p.Value == ".." {
			return "", fmt.Errorf("line %d: file: %q must be a plain file name, without a folder or spaces", p.Line, p.Value)
		}
		if names[p.Value] > 0 {
			return "", fmt.Errorf("line %d: file: %q is already written by another directive", p.Line, p.Value)
		}
		names[p.Value]++
		return p.Value, nil
	}
	sum := sha256.Sum256([]byte(d.Source + "\n" + strings.Join(d.ParamsL, "\n")))
	base := hex.EncodeToString(sum[:6])
	names[base]++
	if n := names[base]; n > 1 {
		base = fmt.Sprintf("%s-%d", base, n)
	}
	return base + "." + ext, nil
}

// ReplaceDir moves the folder staged to dir, replacing what was there:
// futhark literate deletes the image folder of an earlier run.
func ReplaceDir(staged, dir string) error {
	old := dir + ".old"
	os.RemoveAll(old)
	if _, err := os.Stat(dir); err == nil {
		if err := os.Rename(dir, old); err != nil {
			return err
		}
	}
	if err := os.Rename(staged, dir); err != nil {
		return err
	}
	return os.RemoveAll(old)
}
