package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// The scalar operators' code, for kernels (OpenCL C) and host code (Go),
// in one table. Where Futhark's meaning differs from the target
// language's operator, the Go form calls the function of runtime/values
// that defines it (and that the interpreter calls too), and the C form
// calls its translation in clPrelude, which names the Go function it
// translates. f16 is not in the table: kernels compute it in float and
// host code in float64, rounding each result (see cBinOp and goBinOp).
//
// A template's words: $x and $y are the operands, $t the operand type in
// the target language, $u the unsigned type of the same width (in C, uint
// for narrow types, which C would promote to int, where products can
// overflow), $f the type's Futhark name (for helpers such as
// fcc_fmin_f32) and $m the mask of the type's width in C.

// primTypeCode names each scalar type in kernels (OpenCL C, private
// memory; cStorage gives the type in buffers) and in host code (Go). An
// f16 is held as a float in kernels, computed in float and rounded to f16
// after each operation (clPreludeF16), and as its bits on the host, where
// arithmetic goes through float64 (exe.F16ToF64).
var primTypeCode = map[soac.PrimType]struct{ c, g string }{
	values.Bool: {"bool", "bool"},
	values.I8:   {"char", "int8"},
	values.I16:  {"short", "int16"},
	values.I32:  {"int", "int32"},
	values.I64:  {"long", "int64"},
	values.U8:   {"uchar", "uint8"},
	values.U16:  {"ushort", "uint16"},
	values.U32:  {"uint", "uint32"},
	values.U64:  {"ulong", "uint64"},
	values.F16:  {"float", "exe.F16"},
	values.F32:  {"float", "float32"},
	values.F64:  {"double", "float64"},
}

// opClass is the class of operand types an operator row applies to.
type opClass int

const (
	boolOps opClass = iota
	floatOps
	signedOps
	unsignedOps
)

func classOf(t soac.PrimType) opClass {
	switch {
	case t == values.Bool:
		return boolOps
	case t.IsFloat():
		return floatOps
	case t.IsSigned():
		return signedOps
	}
	return unsignedOps
}

// opCode is an operator's code on one class of types.
type opCode struct {
	c, g string
	// fails says that the Go form returns (value, error), with 64-bit
	// value.
	fails bool
}

type binKey struct {
	op    soac.BinOp
	class opClass
}

type unKey struct {
	op    soac.UnOp
	class opClass
}

// Shift amounts are taken modulo 64 and the shifted value is widened to
// 64 bits, so that shifting by the width or more gives what the
// interpreter's 64-bit arithmetic gives once wrapped.
var binOpCode = map[binKey]opCode{
	{soac.And, boolOps}:    {c: "($x && $y)", g: "($x && $y)"},
	{soac.LogAnd, boolOps}: {c: "($x && $y)", g: "($x && $y)"},
	{soac.Min, boolOps}:    {c: "($x && $y)", g: "($x && $y)"},
	{soac.Or, boolOps}:     {c: "($x || $y)", g: "($x || $y)"},
	{soac.LogOr, boolOps}:  {c: "($x || $y)", g: "($x || $y)"},
	{soac.Max, boolOps}:    {c: "($x || $y)", g: "($x || $y)"},
	{soac.Xor, boolOps}:    {c: "($x != $y)", g: "($x != $y)"},

	// Every Go float operation is wrapped in a conversion, which forbids
	// Go from fusing it with the next one (FP_CONTRACT is off in C).
	{soac.Add, floatOps}: {c: "($x + $y)", g: "$t($x + $y)"},
	{soac.Sub, floatOps}: {c: "($x - $y)", g: "$t($x - $y)"},
	{soac.Mul, floatOps}: {c: "($x * $y)", g: "$t($x * $y)"},
	{soac.Div, floatOps}: {c: "($x / $y)", g: "$t($x / $y)"},
	{soac.Mod, floatOps}: {c: "fmod($x, $y)", g: "$t(math.Mod(float64($x), float64($y)))"},
	{soac.Pow, floatOps}: {c: "pow($x, $y)", g: "$t(values.Pow(float64($x), float64($y)))"},
	{soac.Min, floatOps}: {c: "fcc_fmin_$f($x, $y)", g: "$t(values.FMin(float64($x), float64($y)))"},
	{soac.Max, floatOps}: {c: "fcc_fmax_$f($x, $y)", g: "$t(values.FMax(float64($x), float64($y)))"},

	// C's signed overflow is undefined: C computes on unsigned types.
	// Go's sized integers wrap.
	{soac.Add, signedOps}:  {c: "(($t)(($u)$x + ($u)$y))", g: "($x + $y)"},
	{soac.Sub, signedOps}:  {c: "(($t)(($u)$x - ($u)$y))", g: "($x - $y)"},
	{soac.Mul, signedOps}:  {c: "(($t)(($u)$x * ($u)$y))", g: "($x * $y)"},
	{soac.Div, signedOps}:  {c: "(($t)fcc_sdiv((long)$x, (long)$y))", g: "values.SDiv(int64($x), int64($y))", fails: true},
	{soac.Mod, signedOps}:  {c: "(($t)fcc_smod((long)$x, (long)$y))", g: "values.SMod(int64($x), int64($y))", fails: true},
	{soac.Quot, signedOps}: {c: "(($t)fcc_squot((long)$x, (long)$y))", g: "values.SQuot(int64($x), int64($y))", fails: true},
	{soac.Rem, signedOps}:  {c: "(($t)fcc_srem((long)$x, (long)$y))", g: "values.SRem(int64($x), int64($y))", fails: true},
	{soac.Pow, signedOps}:  {c: "(($t)fcc_spow((long)$x, (long)$y))", g: "values.SPow(int64($x), int64($y))", fails: true},
	{soac.Shl, signedOps}:  {c: "(($t)((ulong)(long)$x << ((ulong)(long)$y & 63)))", g: "$t(int64($x) << (uint64($y) & 63))"},
	{soac.Shr, signedOps}:  {c: "(($t)((long)$x >> ((ulong)(long)$y & 63)))", g: "$t(int64($x) >> (uint64($y) & 63))"},
	{soac.LShr, signedOps}: {c: "(($t)(((ulong)(long)$x & $m) >> ((ulong)(long)$y & 63)))", g: "$t(uint64(u$t($x)) >> (uint64($y) & 63))"},
	{soac.And, signedOps}:  {c: "(($t)($x & $y))", g: "($x & $y)"},
	{soac.Or, signedOps}:   {c: "(($t)($x | $y))", g: "($x | $y)"},
	{soac.Xor, signedOps}:  {c: "(($t)($x ^ $y))", g: "($x ^ $y)"},
	{soac.Min, signedOps}:  {c: "min($x, $y)", g: "min($x, $y)"},
	{soac.Max, signedOps}:  {c: "max($x, $y)", g: "max($x, $y)"},

	{soac.Add, unsignedOps}:  {c: "(($t)(($u)$x + ($u)$y))", g: "($x + $y)"},
	{soac.Sub, unsignedOps}:  {c: "(($t)(($u)$x - ($u)$y))", g: "($x - $y)"},
	{soac.Mul, unsignedOps}:  {c: "(($t)(($u)$x * ($u)$y))", g: "($x * $y)"},
	{soac.Div, unsignedOps}:  {c: "(($t)fcc_udiv((ulong)$x, (ulong)$y))", g: "values.UDiv(uint64($x), uint64($y))", fails: true},
	{soac.Quot, unsignedOps}: {c: "(($t)fcc_udiv((ulong)$x, (ulong)$y))", g: "values.UDiv(uint64($x), uint64($y))", fails: true},
	{soac.Mod, unsignedOps}:  {c: "(($t)fcc_umod((ulong)$x, (ulong)$y))", g: "values.UMod(uint64($x), uint64($y))", fails: true},
	{soac.Rem, unsignedOps}:  {c: "(($t)fcc_umod((ulong)$x, (ulong)$y))", g: "values.UMod(uint64($x), uint64($y))", fails: true},
	{soac.Pow, unsignedOps}:  {c: "(($t)fcc_upow((ulong)$x, (ulong)$y))", g: "$t(values.UPow(uint64($x), uint64($y)))"},
	{soac.Shl, unsignedOps}:  {c: "(($t)((ulong)(ulong)$x << ((ulong)$y & 63)))", g: "$t(uint64($x) << (uint64($y) & 63))"},
	{soac.Shr, unsignedOps}:  {c: "(($t)((ulong)$x >> ((ulong)$y & 63)))", g: "$t(uint64($x) >> (uint64($y) & 63))"},
	{soac.LShr, unsignedOps}: {c: "(($t)(((ulong)(ulong)$x & $m) >> ((ulong)$y & 63)))", g: "$t(uint64($x) >> (uint64($y) & 63))"},
	{soac.And, unsignedOps}:  {c: "(($t)($x & $y))", g: "($x & $y)"},
	{soac.Or, unsignedOps}:   {c: "(($t)($x | $y))", g: "($x | $y)"},
	{soac.Xor, unsignedOps}:  {c: "(($t)($x ^ $y))", g: "($x ^ $y)"},
	{soac.Min, unsignedOps}:  {c: "min($x, $y)", g: "min($x, $y)"},
	{soac.Max, unsignedOps}:  {c: "max($x, $y)", g: "max($x, $y)"},
}

var unOpCode = map[unKey]opCode{
	{soac.Not, boolOps}:        {c: "(!$x)", g: "(!$x)"},
	{soac.Complement, boolOps}: {c: "(!$x)", g: "(!$x)"},

	{soac.Neg, floatOps}:    {c: "(-$x)", g: "(-$x)"},
	{soac.Abs, floatOps}:    {c: "fabs($x)", g: "$t(math.Abs(float64($x)))"},
	{soac.Signum, floatOps}: {c: "fcc_signum_$f($x)", g: "$t(values.FSignum(float64($x)))"},

	{soac.Neg, signedOps}:        {c: "(($t)(0 - ($u)$x))", g: "(-$x)"},
	{soac.Complement, signedOps}: {c: "(($t)~$x)", g: "(^$x)"},
	{soac.Abs, signedOps}:        {c: "(($t)($x < 0 ? 0 - ($u)$x : ($u)$x))", g: "$t(max(int64($x), -int64($x)))"},
	{soac.Signum, signedOps}:     {c: "(($t)(($x > 0) - ($x < 0)))", g: "($t(values.B2I($x > 0)) - $t(values.B2I($x < 0)))"},

	{soac.Neg, unsignedOps}:        {c: "(($t)(0 - ($u)$x))", g: "(-$x)"},
	{soac.Complement, unsignedOps}: {c: "(($t)~$x)", g: "(^$x)"},
	{soac.Abs, unsignedOps}:        {c: "$x", g: "$x"},
	{soac.Signum, unsignedOps}:     {c: "(($t)($x != 0))", g: "$t(values.B2I($x != 0))"},
}

// expand fills in a template for operands xs of type t, with the target
// language's type names from typ.
func expand(tmpl string, t soac.PrimType, typ func(soac.PrimType) (string, error), unsigned string, xs ...string) (string, error) {
	tt, err := typ(t)
	if err != nil {
		return "", err
	}
	mask := "0xffffffffffffffffUL"
	if t.Size() < 8 {
		mask = fmt.Sprintf("0x%xUL", uint64(1)<<(8*t.Size())-1)
	}
	args := []string{"$t", tt, "$u", unsigned, "$f", t.String(), "$m", mask, "$x", xs[0]}
	if len(xs) > 1 {
		args = append(args, "$y", xs[1])
	}
	return strings.NewReplacer(args...).Replace(tmpl), nil
}

// cOp and goOp look up an operator's code in the table; the error names
// the operator and type when no row applies.
func cOp(code opCode, ok bool, name fmt.Stringer, t soac.PrimType, xs ...string) (string, error) {
	if !ok {
		return "", fmt.Errorf("operator %s not defined on %s", name, t)
	}
	return expand(code.c, t, cType, unsignedOf(t), xs...)
}

func goOp(code opCode, ok bool, name fmt.Stringer, t soac.PrimType, xs ...string) (string, bool, error) {
	if !ok {
		return "", false, fmt.Errorf("operator %s not defined on %s", name, t)
	}
	r, err := expand(code.g, t, goPrim, "", xs...)
	return r, code.fails, err
}
