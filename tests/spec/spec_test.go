package spec

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

// caseSummary is a compact, comparable view of a case.
type caseSummary struct {
	Name     string
	Line     int
	Tags     string
	Input    string // kind:text-or-file
	Expected string // kind:text-or-file-or-regex
}

func summarise(c *Case) caseSummary {
	in := ""
	switch c.Input.Kind {
	case InputValues:
		in = "values:" + strings.Join(strings.Fields(c.Input.Text), " ")
	case InputFile:
		in = "file:" + c.Input.File
	case InputRandom:
		var parts []string
		for _, g := range c.Input.Random {
			parts = append(parts, g.String())
		}
		in = "random:" + strings.Join(parts, " ")
	case InputScript:
		in = "script:" + strings.TrimSpace(c.Input.Text) + c.Input.File
	}
	out := ""
	switch c.Expected.Kind {
	case ExpectNothing:
		out = "nothing"
	case ExpectValues:
		out = "values:" + strings.Join(strings.Fields(c.Expected.Text), " ")
	case ExpectFile:
		out = "file:" + c.Expected.File
	case ExpectAuto:
		out = "auto"
	case ExpectError:
		out = "error:" + c.Expected.Error.Text
	}
	return caseSummary{c.Name, c.Line, strings.Join(c.Tags, ","), in, out}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		entries [][]string // per block
		cases   [][]caseSummary
		check   func(t *testing.T, s *Spec)
	}{
		{
			name:    "basic",
			src:     "-- Sum.\n-- ==\n-- input { [1, 2] }\n-- output { 3 }\ndef main (xs: []i32) = reduce (+) 0 xs\n",
			entries: [][]string{{"main"}},
			cases:   [][]caseSummary{{{`#0 ("[1i32, 2i32]")`, 3, "", "values:[1, 2]", "values:3"}}},
			check: func(t *testing.T, s *Spec) {
				if s.Description != "Sum." {
					t.Errorf("description %q", s.Description)
				}
			},
		},
		{
			name: "one line cases, names, tags, files, random, errors",
			src: `-- ==
-- tags { slow gpu-only }
-- entry: f g
-- input { 1 } output { 2 }
-- "small one" compiled nobench input { 2 }
-- output @ out.txt
-- input @ data/big.in.gz auto output
-- random input { [10][3]f32 5i64 i32 } auto output
-- input { 0 } error: division by
-- input { 7 }
-- input { 8 } error:
def f (x: i32) = x
`,
			entries: [][]string{{"f", "g"}},
			cases: [][]caseSummary{{
				{`#0 ("1i32")`, 4, "", "values:1", "values:2"},
				{"small one", 5, "compiled,nobench", "values:2", "file:out.txt"},
				{"data/big.in", 7, "", "file:data/big.in.gz", "auto"},
				{"[10][3]f32 5i64 i32", 8, "random", "random:[10][3]f32 5i64 i32", "auto"},
				{`#4 ("0i32")`, 9, "", "values:0", "error:division by"},
				{`#5 ("7i32")`, 10, "", "values:7", "nothing"},
				{`#6 ("8i32")`, 11, "", "values:8", "error:"},
			}},
			check: func(t *testing.T, s *Spec) {
				if !reflect.DeepEqual(s.Tags, []string{"slow", "gpu-only"}) {
					t.Errorf("tags %v", s.Tags)
				}
				last := s.Blocks[0].Cases[6].Expected.Error
				if !last.Matches("anything at all") {
					t.Errorf("an empty error: must match any error")
				}
				if !s.Blocks[0].Cases[4].Expected.Error.Matches("error: division by zero") {
					t.Errorf("regex does not match")
				}
			},
		},
		{
			name: "several blocks with their own entry points",
			src: `def add (x: i32) (y: i32) = x + y
-- Test add1.
-- ==
-- entry: add1
-- input { 1 } output { 2 }
entry add1 (x: i32) = add x 1

-- Test sub1.
-- ==
-- entry: sub1
-- input { 1 }
-- output { 0 }
entry sub1 (x: i32) = add x (-1)
`,
			entries: [][]string{{"add1"}, {"sub1"}},
			cases: [][]caseSummary{
				{{`#0 ("1i32")`, 5, "", "values:1", "values:2"}},
				{{`#0 ("1i32")`, 11, "", "values:1", "values:0"}},
			},
		},
		{
			name:    "multi-line values",
			src:     "-- ==\n-- input {\n--   [[1, 2],\n--    [3, 4]]\n-- }\n-- output { [3, 7] }\n",
			entries: [][]string{{"main"}},
			cases:   [][]caseSummary{{{`#0 ("[[1i32, 2i32], [3i32, 4i32]]")`, 2, "", "values:[[1, 2], [3, 4]]", "values:[3, 7]"}}},
		},
		{
			name: "compile error over several lines",
			src:  "-- ==\n-- error: Unmatched cases.*#foo \\(#moo _ #none\\)\ndef main = 1\n",
			check: func(t *testing.T, s *Spec) {
				msg := "t.fut:3:1: error: Unmatched cases in match expression:\n  #foo (#moo _ #none)\n"
				if s.CompileError == nil || !s.CompileError.Matches(msg) {
					t.Errorf("compile error %+v does not match %q", s.CompileError, msg)
				}
				if s.CompileError.Matches("Unmatched cases in match expression:\n  #bar") {
					t.Errorf("compile error %+v matches another message", s.CompileError)
				}
			},
		},
		{
			name: "compile error",
			src:  "-- Type error.\n-- ==\n-- error: right operand of \\+\ndef main = 1 + true\n",
			check: func(t *testing.T, s *Spec) {
				if s.CompileError == nil || !s.CompileError.Matches("right operand of + has type") {
					t.Errorf("compile error %+v", s.CompileError)
				}
			},
		},
		{
			name:    "structure and warnings",
			src:     "-- ==\n-- input { 1 } output { 1 }\n-- structure gpu { SegMap 1 SegMap/Screma 0 }\n-- structure { Screma 2 }\n-- warning: unused\n",
			entries: [][]string{{"main"}},
			cases:   [][]caseSummary{{{`#0 ("1i32")`, 2, "", "values:1", "values:1"}}},
			check: func(t *testing.T, s *Spec) {
				want := []*Structure{
					{Pipeline: "gpu", Metrics: []Metric{{"SegMap", 1}, {"SegMap/Screma", 0}}, Line: 3},
					{Pipeline: "", Metrics: []Metric{{"Screma", 2}}, Line: 4},
				}
				if !reflect.DeepEqual(s.Structure, want) {
					t.Errorf("structure %+v", s.Structure)
				}
				if len(s.Warnings) != 1 || s.Warnings[0].Text != "unused" {
					t.Errorf("warnings %+v", s.Warnings)
				}
			},
		},
		{
			name:    "script input is parsed",
			src:     "-- ==\n-- script input { mk 10i64 } output { 10 }\n",
			entries: [][]string{{"main"}},
			cases:   [][]caseSummary{{{"mk 10i64", 2, "script", "script:mk 10i64", "values:10"}}},
		},
		{
			name: "no test block",
			src:  "-- Just a comment.\ndef main (x: i32) = x\n",
			check: func(t *testing.T, s *Spec) {
				if s.HasBlock || len(s.Blocks) != 0 {
					t.Errorf("found a block: %+v", s)
				}
			},
		},
		{
			name: "indented comment is not a block",
			src:  "def main (x: i32) =\n  -- ==\n  -- input { 1 }\n  x\n",
			check: func(t *testing.T, s *Spec) {
				if s.HasBlock {
					t.Errorf("an indented comment was taken for a test block")
				}
			},
		},
		{
			name:  "empty block",
			src:   "-- ==\ndef main (x: i32) = x\n",
			check: func(t *testing.T, s *Spec) { _ = s },
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Parse("prog.fut", tc.src)
			if err != nil {
				t.Fatal(err)
			}
			var entries [][]string
			var cases [][]caseSummary
			for _, b := range s.Blocks {
				entries = append(entries, b.Entries)
				var cs []caseSummary
				for _, c := range b.Cases {
					cs = append(cs, summarise(c))
				}
				cases = append(cases, cs)
			}
			if !reflect.DeepEqual(entries, tc.entries) {
				t.Errorf("entries %v, want %v", entries, tc.entries)
			}
			if !reflect.DeepEqual(cases, tc.cases) {
				t.Errorf("cases\n got %+v\nwant %+v", cases, tc.cases)
			}
			if tc.check != nil {
				tc.check(t, s)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"unclosed brace", "-- ==\n-- input { 1\n-- output { 2 }\n", "prog.fut:2: test block: '{' after input is never closed"},
		{"output without input", "-- ==\n-- output { 2 }\n", "prog.fut:2: test block: output without a preceding input"},
		{"missing brace", "-- ==\n-- input 1 2\n", `prog.fut:2: test block: expected '{' after input, found "1"`},
		{"input at end", "-- ==\n-- input { 1 } output\n", "prog.fut:2: test block: expected '{' after output, found the end of the test block"},
		{"bad values", "-- ==\n-- input {\n--   [1, 2\n--   3] }\n", "prog.fut:4: test block: malformed input values"},
		{"bad regex", "-- ==\n-- input { 1 }\n-- error: (unclosed\n", "prog.fut:3: test block: bad regular expression"},
		{"bad random type", "-- ==\n-- random input { [n]f32 }\n", `prog.fut:2: test block: random input: "[n]f32": array size "n"`},
		{"random unknown type", "-- ==\n-- random input { [3]f31 }\n", `random input: "[3]f31" is neither`},
		{"duplicate names", "-- ==\n-- \"a\" input { 1 }\n-- \"a\" input { 2 }\n", `prog.fut:3: test block: a second data set named "a" (the first is at line 2)`},
		{"unclosed name", "-- ==\n-- \"a input { 1 }\n", "prog.fut:2: test block: data set name \"a input { 1 } is not closed"},
		{"compile error then more", "-- ==\n-- error: x\n-- input { 1 }\n", `prog.fut:3: test block: unexpected "input" after the expected compile-time error`},
		{"compile error in later block", "-- ==\n-- input { 1 }\n\n-- ==\n-- error: x\n", "prog.fut:5: test block: a compile-time error may only be expected by a program's first test block"},
		{"block after compile error", "-- ==\n-- error: x\ndef main = 1\n-- ==\n-- input { 1 }\n", "prog.fut:4: test block: a program whose first test block expects a compile-time error"},
		{"tags later", "-- ==\n-- input { 1 }\n\n-- ==\n-- tags { x }\n", "prog.fut:5: test block: tags { } may only appear"},
		{"late entry", "-- ==\n-- input { 1 }\n-- entry: f\n", "prog.fut:3: test block: entry: must come before"},
		{"empty entry", "-- ==\n-- entry:\n-- input { 1 }\n", "prog.fut:2: test block: entry: names no entry point"},
		{"bad structure", "-- ==\n-- input { 1 }\n-- structure { SegMap }\n", "prog.fut:3: test block: structure { } must hold pairs"},
		{"bad structure count", "-- ==\n-- input { 1 }\n-- structure { SegMap x }\n", `prog.fut:3: test block: structure: count "x" of SegMap`},
		{"auto without output", "-- ==\n-- input { 1 } auto input\n", `prog.fut:2: test block: expected 'output' after 'auto', found "input"`},
		{"file without name", "-- ==\n-- input @\n", "prog.fut:2: test block: expected a file name after input @"},
		{"bad tag", "-- ==\n-- tags { a.b }\n", `prog.fut:2: test block: "a.b" is not a tag`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("prog.fut", tc.src)
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not contain %q", err, tc.want)
			}
		})
	}
}

func TestParseGenValue(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"[10][3]f32", "[10][3]f32", true},
		{"i64", "i64", true},
		{"[0]bool", "[0]bool", true},
		{"5i64", "5i64", true},
		{"3", "3i32", true},
		{"1.5f32", "1.5f32", true},
		{"[n]i32", "", false},
		{"[3]", "", false},
		{"[-1]i32", "", false},
		{"[1, 2]", "", false},
	}
	for _, tc := range tests {
		g, err := ParseGenValue(tc.in)
		if (err == nil) != tc.ok {
			t.Errorf("%s: error %v, want ok=%v", tc.in, err, tc.ok)
			continue
		}
		if tc.ok && g.String() != tc.want {
			t.Errorf("%s: %s, want %s", tc.in, g.String(), tc.want)
		}
	}
}

func TestGenerate(t *testing.T) {
	b := DefaultBounds()
	if err := b.Set(values.I32, "-5:5"); err != nil {
		t.Fatal(err)
	}
	if err := b.Set(values.F32, "-1:1"); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"5", "5:1", "a:b", "-200:0"} {
		if err := b.Clone().Set(values.I8, bad); err == nil {
			t.Errorf("bounds %q accepted for i8", bad)
		}
	}
	g, _ := ParseGenValue("[100][3]i32")
	v := Generate(g, 7, b)
	if v.TypeString() != "[100][3]i32" {
		t.Fatalf("type %s", v.TypeString())
	}
	for _, x := range v.Data.([]int32) {
		if x < -5 || x > 5 {
			t.Fatalf("%d out of bounds", x)
		}
	}
	if !values.Equal(v, Generate(g, 7, b)) {
		t.Errorf("the same seed gave different values")
	}
	if values.Equal(v, Generate(g, 8, b)) {
		t.Errorf("different seeds gave the same values")
	}
	f, _ := ParseGenValue("[1000]f32")
	for _, x := range Generate(f, 1, b).Data.([]float32) {
		if x < -1 || x > 1 {
			t.Fatalf("%g out of bounds", x)
		}
	}
	// Every type generates, including the full ranges of 64-bit types.
	for _, ty := range []string{"bool", "i8", "i16", "i64", "u8", "u16", "u32", "u64", "f16", "f64"} {
		g, err := ParseGenValue("[5]" + ty)
		if err != nil {
			t.Fatal(err)
		}
		if err := Generate(g, 1, DefaultBounds()).Validate(); err != nil {
			t.Errorf("%s: %v", ty, err)
		}
	}
}

func mustRead(t *testing.T, s string) []values.Value {
	t.Helper()
	vs, err := ReadValues([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return vs
}

func TestCompare(t *testing.T) {
	tests := []struct {
		expected, actual string
		want             string // "" when equal
	}{
		{"1i32 [1.0f32, 2.0f32]", "1i32 [1.0f32, 2.0f32]", ""},
		{"[1.0f32, 1000.0f32]", "[1.0001f32, 1000.5f32]", ""},
		{"0.0f64", "0.001f64", ""},
		{"f32.nan", "f32.nan", ""},
		{"f32.inf", "f32.inf", ""},
		{"f32.inf", "-f32.inf", "value 0: expected f32.inf, got -f32.inf"},
		{"[1.0f32, 2.0f32, 3.0f32]", "[1.0f32, 2.0f32, 3.1f32]", "value 0 differs at index [2]: expected 3.0f32, got 3.1f32"},
		{"[[1, 2], [3, 4]]", "[[1, 2], [3, 5]]", "value 0 differs at index [1][1]: expected 4i32, got 5i32"},
		{"1i32", "1i64", "value 0: expected type i32, got i64"},
		{"[1, 2]", "[1, 2, 3]", "value 0: expected shape [2]i32, got [3]i32"},
		{"1 2", "1", "expected 2 values, got 1"},
		{"true", "false", "value 0: expected true, got false"},
	}
	for _, tc := range tests {
		m := Compare(mustRead(t, tc.expected), mustRead(t, tc.actual))
		got := ""
		if m != nil {
			got = m.Error()
		}
		if got != tc.want {
			t.Errorf("Compare(%s, %s) = %q, want %q", tc.expected, tc.actual, got, tc.want)
		}
	}
}

func TestReadExpectedTakesActualTypes(t *testing.T) {
	actual := mustRead(t, "[1.0f32, 2.0f32] 3i64")
	exp, err := ReadExpected([]byte("[1, 2] 3"), actual)
	if err != nil {
		t.Fatal(err)
	}
	if m := Compare(exp, actual); m != nil {
		t.Errorf("unsuffixed literals did not take the actual types: %v", m)
	}
	// A suffix that contradicts the actual type stays, and is reported.
	exp, err = ReadExpected([]byte("[1f64, 2f64] 3"), actual)
	if err != nil {
		t.Fatal(err)
	}
	if m := Compare(exp, actual); m == nil || !strings.Contains(m.Error(), "expected type [2]f64") {
		t.Errorf("mismatch not reported: %v", m)
	}
}

func TestInputData(t *testing.T) {
	dir := t.TempDir()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("[1, 2, 3]"))
	zw.Close()
	if err := os.WriteFile(filepath.Join(dir, "in.gz"), gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "out"), []byte("6"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Parse("prog.fut", "-- ==\n-- input @ in.gz output @ out\n-- random input { [4]i64 2i32 } auto output\n-- script input { f 1 }\n")
	if err != nil {
		t.Fatal(err)
	}
	cs := s.Blocks[0].Cases
	in, err := cs[0].InputData(dir)
	if err != nil || string(in) != "[1, 2, 3]" {
		t.Errorf("gzipped input: %q, %v", in, err)
	}
	out, err := cs[0].ExpectedData(dir)
	if err != nil || string(out) != "6" {
		t.Errorf("output file: %q, %v", out, err)
	}
	r1, err := cs[1].InputData(dir)
	if err != nil {
		t.Fatal(err)
	}
	vs := mustRead(t, string(r1))
	if len(vs) != 2 || vs[0].TypeString() != "[4]i64" || vs[1].String() != "2i32" {
		t.Errorf("random input: %v", vs)
	}
	r2, _ := cs[1].InputData(dir)
	if !bytes.Equal(r1, r2) {
		t.Errorf("random input differs between calls")
	}
	if _, err := cs[2].InputData(dir); err == nil || !strings.Contains(err.Error(), "must be evaluated against the compiled program") {
		t.Errorf("script input: %v", err)
	}
}

// TestCorpus parses every test program of the project.
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob("../programs/*.fut")
	ex, _ := filepath.Glob("../../examples/*.fut")
	for _, f := range append(files, ex...) {
		s, err := ParseFile(f)
		if err != nil {
			t.Error(err)
			continue
		}
		if !s.HasBlock {
			t.Errorf("%s: no test block", f)
		}
	}
}
