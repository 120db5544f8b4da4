package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/tests/spec"
)

// dataFormat is how fcc dataset writes values.
type dataFormat int

const (
	formatText dataFormat = iota
	formatBinary
	formatBinaryNoHeader   // the binary format's elements only
	formatBinaryOnlyHeader // the binary format's header only
	formatType             // the value's type, such as [2][3]f32
)

// orderedFlag is a flag whose effect depends on its position on the
// command line: futhark dataset applies a format or bounds option only to
// the --generate options after it, so each Set acts at once, in order.
type orderedFlag struct {
	set func(string) error
	typ string
}

func (f *orderedFlag) String() string     { return "" }
func (f *orderedFlag) Set(s string) error { return f.set(s) }
func (f *orderedFlag) Type() string       { return f.typ }

// generation is one --generate option with the settings in force where it
// appeared.
type generation struct {
	what   string
	format dataFormat
	bounds spec.Bounds
}

func cmdDataset(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("dataset", "[options] (--generate TYPE... | < values)", stdout, stderr)
	format := formatText
	bounds := spec.DefaultBounds()
	var gens []generation
	seed := fs.Int64P("seed", "s", 1, "the seed of the random number generator (the k-th --generate uses SEED+k)")
	fs.VarP(&orderedFlag{typ: "TYPE", set: func(s string) error {
		gens = append(gens, generation{s, format, bounds.Clone()})
		return nil
	}}, "generate", "g", "generate a random value of this type, e.g. [10][3]f32 or i64, or write this constant")
	formats := []struct {
		long, short string
		f           dataFormat
		help        string
	}{
		{"text", "", formatText, "write values in the text format (the default; affects the --generate options after it)"},
		{"binary", "b", formatBinary, "write values in the binary format (affects the --generate options after it)"},
		{"binary-no-header", "", formatBinaryNoHeader, "write only the elements of the binary format, without the header"},
		{"binary-only-header", "", formatBinaryOnlyHeader, "write only the header of the binary format"},
		{"type", "t", formatType, "write the type of each value instead of the value"},
	}
	for _, f := range formats {
		fl := fs.VarPF(&orderedFlag{typ: "", set: func(string) error { format = f.f; return nil }}, f.long, f.short, f.help)
		fl.NoOptDefVal = "true"
	}
	for _, t := range []values.PrimType{values.I8, values.I16, values.I32, values.I64, values.U8, values.U16,
		values.U32, values.U64, values.F16, values.F32, values.F64} {
		fs.Var(&orderedFlag{typ: "MIN:MAX", set: func(s string) error { return bounds.Set(t, s) }},
			t.String()+"-bounds", "inclusive bounds of random "+t.String()+" values (for the --generate options after it)")
	}
	if code, done := parseFlags(fs, args, 0, stderr); done {
		return code
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	if len(gens) == 0 {
		// Conversion: every value on stdin, in the chosen format.
		r := values.NewReader(stdin)
		limit, err := values.MemoryLimit()
		if err != nil {
			return fail(stderr, err)
		}
		r.SetMemoryLimit(limit)
		for {
			v, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				w.Flush()
				fmt.Fprintf(stderr, "fcc dataset: malformed data on standard input: %v\n", err)
				return 1
			}
			if err := writeData(w, v, format); err != nil {
				return fail(stderr, err)
			}
		}
		return 0
	}
	// Every option is checked before anything is written.
	kinds := make([]spec.GenValue, len(gens))
	consts := make([][]values.Value, len(gens))
	for k, g := range gens {
		var err error
		kinds[k], consts[k], err = parseGeneration(g.what)
		if err != nil {
			fmt.Fprintf(stderr, "fcc dataset: --generate %s: %v\n", g.what, err)
			return 2
		}
	}
	for k, g := range gens {
		var err error
		if consts[k] != nil {
			for _, v := range consts[k] {
				if err = writeData(w, v, g.format); err != nil {
					break
				}
			}
		} else {
			err = writeRandom(w, kinds[k], uint64(*seed)+uint64(k), g.bounds, g.format)
		}
		if err != nil {
			w.Flush()
			fmt.Fprintf(stderr, "fcc dataset: --generate %s: %v\n", g.what, err)
			return 1
		}
	}
	return 0
}

// parseGeneration reads a --generate option: the type of a random value,
// or the value(s) written as a constant (futhark dataset accepts both).
func parseGeneration(what string) (spec.GenValue, []values.Value, error) {
	gv, err := spec.ParseGenValue(what)
	if err == nil {
		if gv.Value != nil {
			return gv, []values.Value{*gv.Value}, nil
		}
		return gv, nil, nil
	}
	if vs, rerr := spec.ReadValues([]byte(what)); rerr == nil && len(vs) > 0 {
		return gv, vs, nil
	}
	return gv, nil, err
}

// genChunk is the number of elements generated and written at a time, so
// that a data set larger than the memory streams through.
const genChunk = 1 << 20

// writeRandom writes the random value g in format f, generated in chunks
// as it is written.
func writeRandom(w *bufio.Writer, g spec.GenValue, seed uint64, b spec.Bounds, f dataFormat) error {
	if f == formatType {
		_, err := io.WriteString(w, values.ShapeString(g.Shape)+g.Type.String()+"\n")
		return err
	}
	binary := f != formatText
	sw, err := values.NewStreamWriter(w, g.Type, g.Shape, binary, f != formatBinaryNoHeader)
	if err != nil || f == formatBinaryOnlyHeader {
		return err
	}
	err = spec.GenerateStream(g, seed, b, genChunk, sw.Write)
	if err == nil {
		err = sw.Close()
	}
	if err == nil && f == formatText {
		_, err = io.WriteString(w, "\n")
	}
	return err
}

// writeData writes v in format f.
func writeData(w io.Writer, v values.Value, f dataFormat) error {
	switch f {
	case formatText:
		if err := values.WriteText(w, v); err != nil {
			return err
		}
		_, err := io.WriteString(w, "\n")
		return err
	case formatType:
		_, err := io.WriteString(w, v.TypeString()+"\n")
		return err
	case formatBinary:
		return values.WriteBinary(w, v)
	}
	var b bytes.Buffer
	if err := values.WriteBinary(&b, v); err != nil {
		return err
	}
	// The header is 'b', the version, the rank, the 4-byte type name and
	// one 8-byte size per dimension.
	header := 7 + 8*v.Rank()
	if f == formatBinaryOnlyHeader {
		_, err := w.Write(b.Bytes()[:header])
		return err
	}
	_, err := w.Write(b.Bytes()[header:])
	return err
}
