package frontend

import (
	"testing"
	"testing/fstest"
)

// TestNumericModulesMatch checks that every numeric module matches the
// prelude's module type for its kind (so a functor over integral or real
// can be applied to it) and that the match keeps the module's members.
func TestNumericModulesMatch(t *testing.T) {
	el, err := newElaborator(newImporter(FSLoader(nil), ""))
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{
		"i8": "integral", "i16": "integral", "i32": "integral", "i64": "integral",
		"u8": "integral", "u16": "integral", "u32": "integral", "u64": "integral",
		"f16": "float", "f32": "float", "f64": "float", "bool": "from_prim",
	}
	for mod, kind := range kinds {
		m, ok := el.root.lookupMod(mod)
		if !ok {
			t.Errorf("no module %s", mod)
			continue
		}
		s, ok := el.root.lookupSig(kind)
		if !ok {
			t.Fatalf("no module type %s", kind)
		}
		got := el.match(m, s, Pos{}, mod, "", true)
		if len(el.errs) > 0 {
			t.Errorf("%s does not match %s: %v", mod, kind, el.errs)
			el.errs = nil
			continue
		}
		if got.env.types["t"].name != mod {
			t.Errorf("%s.t is %q as %s", mod, got.env.types["t"].name, kind)
		}
	}
	// Specs are type-checked against ordinary modules, not the numeric
	// ones (whose types the intrinsics define).
	if len(el.specChecks) != 0 {
		t.Errorf("numeric modules produced %d spec checks", len(el.specChecks))
	}
}

func TestModulePrograms(t *testing.T) {
	tests := []struct{ name, src, input, want string }{
		{"qualified", `module M = { def x = 2i32 module N = { def y = x + 1 } }
def main (a: i32) = a + M.x + M.N.y`, "10", "15i32"},
		{"qualified type", `module M = { type t = i64 def z : t = 3 }
def main (a: M.t) : M.t = a + M.z`, "1", "4i64"},
		{"operators", `module M = { def (x: i32) +^ (y: i32) = x * 10 + y def (-) (x: i32) (y: i32) = x + y }
def main (a: i32) = (a M.+^ 2, (M.+^) 3 4, M.(a - 1), reduce (M.-) 0 [a, a])`, "1", "12i32 34i32 2i32 2i32"},
		{"local open", `module M = { def k = 5i32 def f (x: i32) = x * 2 }
def main (k: i32) = (M.(f k), M.(f 1) + k)`, "3", "10i32 5i32"},
		{"open and local", `module M = { local def hidden = 7i32 def shown = hidden + 1 }
open M
def main (a: i32) = a + shown`, "1", "9i32"},
		{"functor", `module type S = { type t val one: t val add: t -> t -> t }
module Twice (X: S) = { def two : X.t = X.add X.one X.one }
module I = Twice { type t = i32 def one = 1i32 def add (x: i32) (y: i32) = x + y }
module F = Twice { type t = f64 def one = 0.5f64 def add (x: f64) (y: f64) = x + y }
def main (_: i32) = (I.two, F.two)`, "0", "2i32 1.0f64"},
		{"functor of two parameters, partially applied", `module type V = { val v: i32 }
module Add (A: V) (B: V) = { def v = A.v + B.v }
module One = { def v = 1i32 }
module AddOne = Add One
module Three = AddOne { def v = 2i32 }
module Two = Add One One
def main (_: i32) = (Three.v, Two.v)`, "0", "3i32 2i32"},
		{"higher-order functor", `module type V = { val v: i32 }
module Apply (F: (X: V) -> V) (A: V) = F (F A)
module Inc (X: V) = { def v = X.v + 1 }
module R = Apply Inc { def v = 40i32 }
def main (_: i32) = R.v`, "0", "42i32"},
		{"anonymous functor", `module type V = { val v: i32 }
module Double = \(X: V) -> { def v = X.v * 2 }
module R = Double { def v = 21i32 }
def main (_: i32) = R.v`, "0", "42i32"},
		{"functor over integral", `module bits (I: integral) = {
  def count (x: I.t) : i32 = loop acc = 0 for i < I.num_bits do acc + I.get_bit i x
  def double (x: I.t) = x I.+ x
}
module B32 = bits i32
module B8 = bits u8
def main (x: i32) = (B32.count x, B8.count 255, B32.double x)`, "7", "3i32 8i32 14i32"},
		{"functor over real", `module norm (R: real) = { def hyp (a: R.t) (b: R.t) = R.sqrt (a R.* a R.+ b R.* b) }
module N64 = norm f64
def main (a: f64) = N64.hyp a 4`, "3", "5.0f64"},
		{"ascription with and include", `module type S0 = { type t val zero: t }
module type S = { include S0 val inc: t -> t }
module M : S with t = i32 = { type t = i32 def zero = 0i32 def inc (x: i32) = x + 1 def extra = 5 }
def main (a: i32) = M.inc (M.inc a) + M.zero`, "1", "3i32"},
		{"nested module specs", `module type Inner = { val x: i32 }
module type Outer = { module I: Inner val y: i32 }
module O : Outer = { module I = { def x = 4i32 } def y = I.x * 2 }
def main (a: i32) = a + O.I.x + O.y`, "1", "13i32"},
		{"polymorphic spec", `module type S = { val pick 'a: a -> a -> a }
module M : S = { def pick 'a (x: a) (_: a) = x }
def main (a: i32) = (M.pick a 2, M.pick true false)`, "1", "1i32 true"},
		{"sized spec", `module type S = { val sum [n]: [n]i32 -> i32 }
module M : S = { def sum [n] (xs: [n]i32) = reduce (+) 0 xs }
def main (xs: []i32) = M.sum xs`, "[1,2,3]", "6i32"},
		{"sized and size-lifted abstract types", `module type vec = {
  type v [n]
  val mk [n]: [n]i32 -> v [n]
  val sum [n]: v [n] -> i32
  type~ s
  val pack: []i32 -> s
  val len: s -> i64
}
module V: vec = {
  type v [n] = [n]i32
  def mk [n] (xs: [n]i32) : v [n] = xs
  def sum [n] (x: v [n]) = i32.sum x
  type~ s = []i32
  def pack (xs: []i32) : s = xs
  def len (x: s) = length x
}
def main (xs: []i32) = (V.sum (V.mk xs), V.len (V.pack (filter (>1) xs)))`, "[1,2,3]", "6i32 2i64"},
		{"numeric modules unchanged", `def main (xs: []f32) = (f32.sum xs, i32.max 1 2, f64.sqrt 4)`, "[1,2]", "3.0f32 2i32 2.0f64"},
		{"shadowing a module member", `module M = { def x = 1i32 }
def main (x: i32) = x + M.x`, "5", "6i32"},
		{"functor applied twice, states apart", `module type V = { val v: i32 }
module Keep (X: V) = { def v = X.v def w = v * 10 }
module A = Keep { def v = 1i32 }
module B = Keep { def v = 2i32 }
def main (_: i32) = (A.w, B.w)`, "0", "10i32 20i32"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := run(t, tc.src, tc.input); got != tc.want {
				t.Errorf("%s\ngot %s, want %s", tc.src, got, tc.want)
			}
		})
	}
}

// TestModuleDiagnostics checks the module language's errors: message and
// position.
func TestModuleDiagnostics(t *testing.T) {
	sig := "module type S = { type t val f: t -> i32 }\n"
	tests := []struct{ name, src, want string }{
		{"missing val", sig + "module M : S = { type t = i32 }\ndef main = 1i32",
			`t.fut:2:1: error: Module "M" does not define value "f" that its module type specifies`},
		{"missing type", sig + "module M : S = { def f (x: i32) = x }\ndef main = 1i32",
			`t.fut:2:1: error: Module "M" does not define type "t" that its module type specifies`},
		{"mismatched val", sig + "module M : S = { type t = i32 def f (x: i32) = x == 1 }\ndef main = 1i32",
			`t.fut:2:1: error: Module type mismatch: value "f" of Module "M" does not have the type its module type specifies (val f: t -> i32 at t.fut:1:26), but its type is i32 -> bool: Function body does not have expected type`},
		{"mismatched type definition", "module type S = { type t = i32 }\nmodule M : S = { type t = f32 }\ndef main = 1i32",
			`t.fut:2:1: error: Module type mismatch: type "t" of Module "M" is not the type its module type specifies`},
		{"uniqueness of a value's parameter", "module M : { val f: [1]f32 -> bool } = { def f (_: *[1]f32) = true }\ndef main (x: [1]f32) = M.f (copy x)",
			`t.fut:1:1: error: Module type mismatch: value "f" of Module "M" does not have the type its module type specifies (val f: [1]f32 -> bool at t.fut:1:14), but its type is *[1]f32 -> bool: Consuming`},
		{"type arity", "module type S = { type t 'a }\nmodule M : S = { type t = i32 }\ndef main = 1i32",
			`t.fut:2:1: error: Type "t" of Module "M" has 0 parameters, but its module type specifies 1`},
		{"unknown module", "def main = N.x + 1i32", `t.fut:1:12: error: unknown name "N.x"`},
		{"equality on a functor parameter's abstract type", "module F (P: {type t val x: t}) = { def same (a: P.t) = a == P.x }\nmodule M = F {type t = i32 def x = 1i32}\ndef main (a: i32) = M.same a",
			`t.fut:1:57: error: left operand of "==" has type P.t, which does not support equality: the abstract type P.t is not known to be an equality type`},
		{"equality on an ascribed module's abstract type", "module M : {type t val x: t} = {type t = i32 def x = 1i32}\ndef main = [M.x] == [M.x]",
			`t.fut:2:12: error: left operand of "==" has type [1]M.t, which does not support equality`},
		{"an opaque view's member is named as written", "module type D = { type k val single: k -> i32 }\nmodule s : D = { type k = i32 def single (x: k) = x }\ndef main (x: i32) = s.single x",
			`t.fut:3:30: error: Cannot apply "s.single" to "x" (argument 1): expected type s.k, but found i32`},
		{"an imported definition renamed past a prelude name", "def sum (x: i32) = x\ndef main (x: f32) = sum x",
			`t.fut:2:25: error: Cannot apply "sum" to "x" (argument 1): expected type i32, but found f32`},
		{"unknown module in binding", "module M = N\ndef main = 1i32", `t.fut:1:12: error: Unknown module "N"`},
		{"unknown module type", "module M : T = {}\ndef main = 1i32", `t.fut:1:12: error: Unknown module type "T"`},
		{"hidden member", sig + "module M : S = { type t = i32 def f (x: i32) = x def g = 1i32 }\ndef main = M.g",
			`t.fut:3:12: error: unknown name "M.g"`},
		{"apply non-parametric", "module M = {}\nmodule N = M M\ndef main = 1i32",
			`t.fut:2:12: error: Cannot apply non-parametric module`},
		{"functor argument mismatch", "module F (P: { val x: i32 }) = { def y = P.x + 1 }\nmodule G = F { def x = 1.0f32 }\ndef main = G.y",
			`t.fut:2:14: error: Module type mismatch: value "x" of The argument for parameter "P" does not have the type its module type specifies`},
		{"functor argument missing", "module F (P: { val x: i32 }) = { def y = P.x + 1 }\nmodule G = F {}\ndef main = G.y",
			`t.fut:2:14: error: The argument for parameter "P" does not define value "x" that its module type specifies`},
		{"functor argument not parametric", "module type V = { val v: i32 }\nmodule A (F: V -> V) = F { def v = 1i32 }\nmodule B = A { def v = 2i32 }\ndef main = 1i32",
			`t.fut:3:14: error: The argument for parameter "F" is not a parametric module`},
		{"duplicate value", "module M = { def x = 1i32 def x = 2i32 }\ndef main = M.x",
			`t.fut:1:27: error: Duplicate definition of "x"`},
		{"duplicate module", "module M = {}\nmodule M = {}\ndef main = 1i32",
			`t.fut:2:1: error: Duplicate definition of module "M"`},
		{"duplicate spec", "module type S = { val x: i32 val x: i32 }\ndef main = 1i32",
			`t.fut:1:30: error: Duplicate specification of val x`},
		{"members of a functor", "module F (X: {}) = { def x = 1i32 }\ndef main = F.x",
			`t.fut:2:12: error: Module "F" is a parametric module; its members cannot be used`},
		{"abstract type used as its representation", "module type S = { type t val inject: i32 -> t }\nmodule M : S = { type t = i32 def inject (x: i32) = x }\ndef main (x: i32) : i32 = M.inject x",
			`t.fut:3:27: error: Function body does not have expected type: main is declared to return i32, but its body has type M.t`},
		{"representation given for an abstract type", "module type S = { type t val get: t -> i32 }\nmodule M : S = { type t = i32 def get (x: i32) = x }\ndef main (x: i32) = M.get x",
			`t.fut:3:27: error: Cannot apply "M.get" to "x" (argument 1): expected type M.t, but found i32`},
		{"abstract types of two applications differ", "module type S = { type t val mk: i32 -> t val get: t -> i32 }\nmodule F (X: {}) : S = { type t = i32 def mk (x: i32) = x def get (x: t) = x }\nmodule A = F {}\nmodule B = F {}\ndef main (x: i32) = A.get (B.mk x)",
			"t.fut:5:27: error: Cannot apply \"A.get\" to argument 1: expected type A.t, but found B.t\n"},
		{"lifted type for a non-lifted spec", "module m = {type^ t = i32 -> i32}: {type t}\ndef main = 1i32",
			`t.fut:1:12: error: Module type mismatch: type "t" of Module is lifted, but its module type specifies a non-lifted type`},
		{"type parameter less lifted than specified", "module m = {def f 'a (x: a) = x}: {val f '^a : a -> a}\ndef main = 1i32",
			`t.fut:1:12: error: Module type mismatch: type parameter 'a of value "f" of Module is non-lifted, but its module type specifies '^a`},
		{"result of a functor never applied", "module F (S: {val x: i32}) : {val y: i32} = {def z : i32 = 2}\ndef main = 1i32",
			`t.fut:1:1: error: The result of the parametric module does not define value "y" that its module type specifies`},
		{"functor body never applied: abstract type as a number", "module F (P: {type t val x: t}) = {\n  def y = P.x + 1i32\n}\ndef main = 1i32",
			`t.fut:2:11: error: left operand of "+" must have a numeric type, but has type P.t`},
		{"functor body: abstract type as its argument's representation", "module F (P: {type t val mk: i32 -> t}) = {\n  def f (x: i32) : i32 = P.mk x\n}\nmodule G = F { type t = i32 def mk (x: i32) = x }\ndef main (x: i32) = G.f x",
			`t.fut:2:26: error: Function body does not have expected type: F.f is declared to return i32, but its body has type P.t`},
		{"functor body never applied: unknown name", "module F (P: {val x: i32}) = {\n  def y = P.x + nowhere\n}\ndef main = 1i32",
			`t.fut:2:17: error: unknown name "nowhere"`},
		{"functor body applied twice: one error", "module F (P: {val x: i32}) = {\n  def y = P.x + 1.0f32\n}\nmodule A = F { def x = 1i32 }\nmodule B = F { def x = 2i32 }\ndef main = A.y",
			`t.fut:2:17: error: right operand of "+" has type f32, but the left operand has type i32`},
		{"functor of two parameters, second naming the first", "module F (P: {type t 'a val get 'a: t a -> a}) (Q: {val z: P.t i32}) = {\n  def y : f64 = P.get Q.z\n}\ndef main = 1i32",
			`t.fut:2:17: error: Function body does not have expected type: F.y is declared to return f64, but its body has type i32`},
		{"functor nested in a functor body", "module F (P: {type t}) = {\n  module G (Q: {val k: P.t}) = { def z : i32 = Q.k }\n}\ndef main = 1i32",
			`t.fut:2:48: error: Function body does not have expected type: F.G.z is declared to return i32, but its body has type P.t`},
		{"array of a lifted abstract type", "module m = \\(p: {type^ a}) -> {def v : []p.a = []}\ndef main = 1i32",
			`t.fut:1:40: error: Cannot create array with elements of lifted type "p.a" (might contain function).`},
		{"lifted parameter type through a non-lifted spec", "module m = \\(p: {type^ a}) -> ({type^ t = p.a}: {type t})\ndef main = 1i32",
			`t.fut:1:32: error: Module type mismatch: type "t" of Module is lifted, but its module type specifies a non-lifted type`},
		{"value spec of a size-lifted type", "module type D = {\n  type~ d\n  val empty : (d, i32)\n}\ndef main = 1i32",
			`t.fut:3:3: error: Value "empty" may not have a size-lifted type: its type names d, which is declared type~`},
		{"intrinsics as a module", "module M = intrinsics\ndef main = 1i32",
			`t.fut:1:12: error: The 'intrinsics' module may not be used in module expressions.`},
		{"with of a missing type", "module type S = { val x: i32 }\nmodule M : S with t = i32 = { def x = 1i32 }\ndef main = 1i32",
			`t.fut:2:19: error: Module type does not have an abstract type "t" to refine`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			expectCompileError(t, tc.src, tc.want)
		})
	}
}

// FuzzModules compiles fuzzed programs that may import an in-memory
// library of modules: the elaborator must report errors, never panic.
func FuzzModules(f *testing.F) {
	lib := `module type monoid = { type t val op: t -> t -> t val ne: t }
module add: monoid with t = i32 = { type t = i32 def op (x: i32) (y: i32) = x + y def ne = 0i32 }
module fold (M: monoid) = { def sum [n] (xs: [n]M.t) = reduce M.op M.ne xs }
module type box = { type b val mk: i32 -> b val get: b -> i32 }
module B: box = { type b = i32 def mk (x: i32) = x def get (x: b) = x }`
	f.Add("import \"lib\"\nmodule S = fold add\ndef main (xs: []i32) = S.sum xs + B.get (B.mk 1)")
	f.Add("module M = { def x = 1i32 module N = { def y = x } }\ndef main = M.(N.y + x)")
	f.Add("module F (A: {val x: i32}) (B: {val x: i32}) = { def z = A.x + B.x }\nmodule G = F {def x = 1i32}\nmodule H = G {def x = 2i32}\ndef main = H.z")
	f.Add("import \"lib\"\nmodule T = fold (fold add)\ndef main = 1i32")
	f.Add("import \"main\"\ndef main = 1i32")
	f.Add("module type S = { type t 'a val f '^a: a -> t a include S }\ndef main = 1i32")
	f.Fuzz(func(t *testing.T, src string) {
		fsys := fstest.MapFS{"main.fut": {Data: []byte(src)}, "lib.fut": {Data: []byte(lib)}}
		CompileProgram(FSLoader(fsys), "", "main.fut")
	})
}

// TestFunctorBodyErrorOnce checks that an error in a functor's body is
// reported once, where the body is checked with its parameter abstract,
// not again for each application.
func TestFunctorBodyErrorOnce(t *testing.T) {
	src := "module F (P: {val x: i32}) = {\n  def y = P.x + 1.0f32\n  def z = P.x + true\n}\nmodule A = F { def x = 1i32 }\nmodule B = F { def x = 2i32 }\ndef main = A.y"
	_, err := Compile("t.fut", src)
	ds, ok := err.(Diagnostics)
	if !ok || len(ds) != 2 {
		t.Fatalf("got %v, want two diagnostics (one per broken definition)", err)
	}
	for i, line := range []int{2, 3} {
		if ds[i].Pos.Line != line {
			t.Errorf("diagnostic %d at %v, want line %d", i, ds[i].Pos, line)
		}
	}
}

func TestReplaceNames(t *testing.T) {
	display := map[string]string{"s.single_1": "s.single", "sum_1": "sum"}
	tests := []struct{ in, want string }{
		{`Cannot apply "s.single_1" to "x"`, `Cannot apply "s.single" to "x"`},
		{"sum_1 and sum_12 and xsum_1 and m.sum_1", "sum and sum_12 and xsum_1 and m.sum_1"},
		{"(sum_1)", "(sum)"},
		{"s.single_1.x", "s.single_1.x"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := replaceNames(tt.in, display); got != tt.want {
			t.Errorf("replaceNames(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
