package soac

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// PrimType is a primitive scalar type. The IR shares the runtime's type
// enumeration so that values flow between the interpreter and compiled
// executables without conversion.
type PrimType = values.PrimType

// VName is a variable name. Names are unique within a program.
type VName string

// Pos is a source location carried by statements for error messages.
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string {
	if p.File == "" && p.Line == 0 {
		return "<unknown>"
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Type is a primitive or an array of primitives whose dimensions are
// sub-expressions of type i64.
type Type struct {
	Elem   PrimType
	Shape  []SubExp
	Unique bool
}

// Prim returns the scalar type t.
func Prim(t PrimType) Type { return Type{Elem: t} }

// Array returns an array type with the given element type and shape.
func Array(t PrimType, shape ...SubExp) Type { return Type{Elem: t, Shape: shape} }

// Rank is the number of dimensions of t (0 for scalars).
func (t Type) Rank() int { return len(t.Shape) }

// RowType is the type of one element of the outermost dimension.
func (t Type) RowType() Type {
	if len(t.Shape) == 0 {
		panic("soac: RowType of a scalar type")
	}
	return Type{Elem: t.Elem, Shape: t.Shape[1:]}
}

// ArrayOf adds an outermost dimension n.
func (t Type) ArrayOf(n SubExp) Type {
	shape := append([]SubExp{n}, t.Shape...)
	return Type{Elem: t.Elem, Shape: shape}
}

// SubExp is an operand: a variable or a scalar constant.
type SubExp interface{ isSubExp() }

// Var refers to a bound name.
type Var struct{ Name VName }

// Const is a scalar constant.
type Const struct{ Value PrimValue }

func (Var) isSubExp()   {}
func (Const) isSubExp() {}

// I64 is an i64 constant operand, for sizes and indices.
func I64(x int64) SubExp { return Const{Value: IntValue(values.I64, x)} }

// Param binds a name with a type (function and lambda parameters,
// statement patterns, loop parameters).
type Param struct {
	Name VName
	Type Type
}

// Program is a first-order program in A-normal form.
type Program struct {
	Funs []*FunDef
	// Thresholds are the tunable parameters that multi-versioned code
	// compares against (see ThresholdExp).
	Thresholds []Threshold
}

// Threshold is a tunable parameter of a program with its default value.
// Executables list them (--print-params) and take values for them
// (--param, --tuning).
type Threshold struct {
	Name    string
	Default int64
	// GPUOnly says that the version the threshold guards is off by
	// default on devices where Seg-ops run their CPU versions (a
	// work-group's barriers and local memory are loops over its
	// work-items there): printed `gpu_only`. A value given with --param
	// or a tuning file still holds on any device.
	GPUOnly bool
}

// FunDef is a function; EntryName is non-empty for entry points.
type FunDef struct {
	Name      string
	EntryName string
	Params    []Param
	RetType   []Type
	Body      *Body
	Pos       Pos
	// EntryParams and EntryResults group an entry point's parameters and
	// results into the external values its callers see (set by the
	// front end when some value is opaque; nil means one transparent
	// value per parameter or result). Not part of the printed IR.
	EntryParams, EntryResults []EntryValue
}

// EntryValue is one external value of an entry point: N consecutive IR
// parameters or results. Opaque names the source type of a value that is
// not a primitive or an array of primitives (a tuple, a record, an array
// of tuples); as in Futhark, such a value is opaque to the outside world:
// an executable cannot read it from its input and prints it as
// #<opaque NAME>. Opaque is "" (and N 1) for a transparent value.
type EntryValue struct {
	Opaque string
	N      int
}

// Fun returns the function with the given name, or nil.
func (p *Program) Fun(name string) *FunDef {
	for _, f := range p.Funs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Entry returns the entry point with the given external name, or nil.
func (p *Program) Entry(name string) *FunDef {
	for _, f := range p.Funs {
		if f.EntryName == name {
			return f
		}
	}
	return nil
}

// Body is a sequence of statements followed by the result operands.
type Body struct {
	Stms   []*Stm
	Result []SubExp
}

// Stm binds the values of an expression to a pattern.
type Stm struct {
	Pat []Param
	Exp Exp
	Pos Pos
	// Trace, set by the frontend for #[trace] e, is the label under which
	// the interpreter prints the values bound (Interpreter.Trace);
	// compiled code ignores it, and passes may drop it.
	Trace string
}

// Exp is an expression whose operands are SubExps.
type Exp interface{ isExp() }

// Lambda is an anonymous function used by SOACs and Seg-ops.
type Lambda struct {
	Params  []Param
	Body    *Body
	RetType []Type
}

// --- scalar expressions ---

// SubExpExp is a copy of an operand.
type SubExpExp struct{ X SubExp }

// BinOpExp applies a binary scalar operator.
type BinOpExp struct {
	Op   BinOp
	T    PrimType
	X, Y SubExp
}

// CmpOpExp compares two scalars, giving a bool.
type CmpOpExp struct {
	Op   CmpOp
	T    PrimType
	X, Y SubExp
}

// UnOpExp applies a unary scalar operator.
type UnOpExp struct {
	Op UnOp
	T  PrimType
	X  SubExp
}

// ConvOpExp converts a scalar between primitive types.
type ConvOpExp struct {
	From, To PrimType
	X        SubExp
}

// --- array expressions ---

// IndexExp indexes (a prefix of the dimensions of) an array; the result
// is a scalar or a sub-array.
type IndexExp struct {
	Arr     VName
	Indices []SubExp
	Pos     Pos
	// InBounds, set by the prove pass, marks the indices proved to lie
	// within their dimensions, whose checks code generation leaves out:
	// InBounds[k] for Indices[k]; nil when nothing is proved.
	InBounds []bool
}

// Proved reports whether index k of e is marked in bounds.
func (e *IndexExp) Proved(k int) bool { return k < len(e.InBounds) && e.InBounds[k] }

// IotaExp is the array [start, start+step, ...] of n elements.
type IotaExp struct {
	N, Start, Step SubExp
	T              PrimType
}

// ReplicateExp is an array of shape Shape whose elements are X.
type ReplicateExp struct {
	Shape []SubExp
	X     SubExp
}

// ArrayLitExp is an array literal whose elements all have type RowType.
type ArrayLitExp struct {
	Elems   []SubExp
	RowType Type
}

// CopyExp is a fresh copy of an array.
type CopyExp struct{ Arr VName }

// DimIndex is one dimension of a slice: a fixed index when Fix is set,
// otherwise N elements from Start, Stride apart (Stride may be negative).
type DimIndex struct {
	Fix              SubExp
	Start, N, Stride SubExp
}

// SliceExp is a view of part of an array; fixed dimensions are removed
// from the result.
type SliceExp struct {
	Arr   VName
	Slice []DimIndex
	Pos   Pos
}

// UpdateExp is an in-place update: Arr (which it consumes) with the part
// selected by Slice replaced by Value.
type UpdateExp struct {
	Arr   VName
	Slice []DimIndex
	Value SubExp
	Pos   Pos
	// InPlace, set by the inplace pass on an update inside a Seg-op's
	// body, names the kernel input array whose memory the update writes:
	// Arr is that input's element at the work-item's own point, the
	// update consumes the input, and the Seg-op's result is the input's
	// memory (no copy of the element to scratch, none to a fresh output).
	// Empty when no such decision was made. Printed "inplace (A)"; it
	// does not change the meaning.
	InPlace VName
}

// RearrangeExp permutes the dimensions of an array: dimension i of the
// result is dimension Perm[i] of Arr. Transposition is [1, 0].
type RearrangeExp struct {
	Perm []int
	Arr  VName
}

// ReshapeExp gives an array a new shape with the same number of elements
// (flatten, unflatten); a mismatch is a run-time error at Pos.
type ReshapeExp struct {
	Shape []SubExp
	Arr   VName
	Pos   Pos
}

// ConcatExp concatenates arrays along their outermost dimension; W is the
// outer size of the result.
type ConcatExp struct {
	Arrs []VName
	W    SubExp
	Pos  Pos
}

// CallPrimExp calls a primitive function such as sqrt, popc or atan2 on
// scalars of the types ArgTypes, giving a scalar of type T. The names and
// semantics are those of Futhark's numeric modules (f32.sqrt, i32.popc, ...).
type CallPrimExp struct {
	Fn       string
	ArgTypes []PrimType
	T        PrimType
	Args     []SubExp
}

// --- control ---

// IfExp chooses between two bodies.
type IfExp struct {
	Cond       SubExp
	Then, Else *Body
	Types      []Type
}

// LoopExp is a sequential loop with merge parameters. For a for-loop,
// Index ranges over [0, Bound); for a while-loop, Cond names the bool merge
// parameter that must be true to run the next iteration.
type LoopExp struct {
	Params []Param
	Init   []SubExp
	Form   LoopForm
	Body   *Body
	// Stencil, set by the lower pass, adds a version of a stencil loop
	// that computes several steps per launch (stencil.go); nil for most
	// loops. It does not change the meaning.
	Stencil *StencilPlan
}

// LoopForm is ForLoop or WhileLoop.
type LoopForm interface{ isLoopForm() }

// ForLoop iterates Index from 0 below Bound.
type ForLoop struct {
	Index VName
	T     PrimType
	Bound SubExp
}

// WhileLoop iterates while the named merge parameter is true.
type WhileLoop struct{ Cond VName }

func (ForLoop) isLoopForm()   {}
func (WhileLoop) isLoopForm() {}

// ApplyExp calls a function of the program.
type ApplyExp struct {
	Fun     string
	Args    []SubExp
	RetType []Type
	Pos     Pos
}

// AssertExp fails at run time with Msg when Cond is false. Msg is a
// format: each %d stands for the value of one of Args (i64 operands, in
// order) and %% for a percent sign.
type AssertExp struct {
	Cond SubExp
	Msg  string
	Args []SubExp
	Pos  Pos
}

// EscapeFormat makes text a format that prints as itself.
func EscapeFormat(text string) string { return strings.ReplaceAll(text, "%", "%%") }

// FormatAssert is the message of a failed assertion whose Args have the
// values args.
func FormatAssert(msg string, args []int64) string {
	vs := make([]any, len(args))
	for i, a := range args {
		vs[i] = a
	}
	return fmt.Sprintf(msg, vs...)
}

// --- SOACs ---

// Reduce is one reduction of a screma or segred: an associative operator
// with its neutral element.
type Reduce struct {
	Comm    bool
	Op      *Lambda
	Neutral []SubExp
}

// Scan is one inclusive scan of a screma or segscan.
type Scan struct {
	Op      *Lambda
	Neutral []SubExp
}

// ScremaExp is the combined map/scan/reduce SOAC. Map is applied to one
// element of each input; its results are, in order, the inputs to the
// scans, the inputs to the reductions, and the mapped-out arrays. The
// expression's results are the scanned arrays, the reduced values and the
// mapped arrays, in that order.
type ScremaExp struct {
	W      SubExp
	Inputs []VName
	Scans  []Scan
	Reds   []Reduce
	Map    *Lambda
}

// HistOp is one histogram of a HistExp: Dests (consumed) hold the initial
// bins, a Bins-long array per value of the operator.
type HistOp struct {
	Bins    SubExp
	Dests   []VName
	Neutral []SubExp
	Op      *Lambda
}

// HistExp is a generalised histogram (reduce_by_index, hist): Bucket is
// applied to one element of each input and returns, for each operator in
// order, an i64 bin index followed by that operator's values. Values whose
// index is outside [0, Bins) are ignored. The results are the updated
// destination arrays.
type HistExp struct {
	W      SubExp
	Inputs []VName
	Ops    []HistOp
	Bucket *Lambda
}

// ScatterDest is one destination array of a scatter, written at Rank
// indices per value.
type ScatterDest struct {
	Arr  VName
	Rank int
}

// ScatterExp writes values into destination arrays (which it consumes):
// Lambda is applied to one element of each input and returns, for each
// destination in order, Rank i64 indices followed by the value to write.
// Writes outside the destination are ignored.
type ScatterExp struct {
	W      SubExp
	Inputs []VName
	Lambda *Lambda
	Dests  []ScatterDest
}

// --- Seg-ops (kernels) ---

// SegLevel says how a Seg-op maps onto the device.
type SegLevel int

const (
	// LevelThread maps each point of the space to one work-item.
	LevelThread SegLevel = iota
	// LevelGroup maps each point of the space to one work-group: a
	// segmap_group is the intra-group version of incremental flattening
	// (flatten/intra.go). Its body runs on all the group's work-items
	// together: its scalar code and loops redundantly (every work-item
	// computes the same values), and the Seg-ops in it — thread-level,
	// over a one-dimensional space (ltid < w), or several for a segmap,
	// directly in the body or in its loops and ifs — spread their points
	// over the group's work-items, with barriers around them. This is Futhark's SegGroup
	// with SegThread operations inside. A segmap_group is a host-level
	// statement; Seg-ops nest in nothing else.
	LevelGroup
)

// SegDim is one dimension of a segment space.
type SegDim struct {
	Index VName
	N     SubExp
}

// SegMapExp runs Body at every point of Space, collecting its results into
// arrays of shape Space ++ result shape.
type SegMapExp struct {
	Level SegLevel
	Space []SegDim
	Body  *Body
	Types []Type // types of one point's results
	// Tile, set by the tiling pass, asks the backend for a block-tiled
	// kernel; nil for an ordinary one. It does not change the meaning.
	Tile *TilePlan
	// Lowering, set by the lower pass, is how the Seg-op runs.
	Lowering *Lowering
	// Region, set by the inplace pass, computes the segmap's result in
	// the memory of an array it consumes, and only over a region of its
	// space; nil for an ordinary segmap. It does not change the meaning.
	Region *SegRegion
}

// SegRegion is the inplace pass's decision for a segmap of one scalar
// result over the whole index space of an array Arr (its dimensions the
// space's) that is dead after it, whose body returns Arr's own element
// unchanged at every point where some index g_d is below From[d]: the
// kernel writes its result into Arr's memory, launched over the points
// with every g_d >= From[d] only (the others already hold their value),
// and the segmap's result is Arr's memory. From has one operand per
// dimension of the space (0 where the region takes the whole dimension);
// the backend clamps each to the dimension, so that any value is safe.
// Printed as region(ARR, FROM...) after the segmap keyword and tile plan
// (Futhark's memory short-circuiting of a map into the array it updates).
type SegRegion struct {
	Arr  VName
	From []SubExp
}

// TilePlan is the tiling pass's decision for a SegMap whose body reduces
// over arrays invariant to some of its parallel dimensions (package
// tiling describes the shapes of body it accepts). Rank 2 tiles the two
// dimensions of a 2-D space through local memory and registers (matrix
// multiplication); Rank 1 tiles the one dimension of a 1-D space through
// local memory (n-body). The names are the tunable parameters that size
// the tiles: BlockSize is the work-items per tiled dimension of a
// work-group, RegSize (Rank 2 only, else empty) the results per work-item
// per dimension. Via, when not empty, names the normalisation that
// brought the body into the tiled shape (tiling.Normalisation), applied
// to this version only. Printed as tile2d("BLOCK", "REG"),
// tile2d("BLOCK", "REG", "VIA") or tile1d("BLOCK") after the segmap
// keyword.
type TilePlan struct {
	Rank      int
	BlockSize string
	RegSize   string
	Via       string
}

// SegRedExp reduces along the innermost dimension of Space: every point
// computes Body, whose first results feed the reductions in order and whose
// remaining results are mapped out like a SegMapExp. The reduced results
// have the shape of the outer dimensions of Space (scalars when Space has
// one dimension).
type SegRedExp struct {
	Level    SegLevel
	Space    []SegDim
	Reds     []Reduce
	Body     *Body
	Types    []Type    // types of one point's results
	Lowering *Lowering // set by the lower pass (see SegMapExp)
}

func (*SubExpExp) isExp()    {}
func (*BinOpExp) isExp()     {}
func (*CmpOpExp) isExp()     {}
func (*UnOpExp) isExp()      {}
func (*ConvOpExp) isExp()    {}
func (*IndexExp) isExp()     {}
func (*IotaExp) isExp()      {}
func (*ReplicateExp) isExp() {}
func (*ArrayLitExp) isExp()  {}
func (*CopyExp) isExp()      {}
func (*IfExp) isExp()        {}
func (*LoopExp) isExp()      {}
func (*ApplyExp) isExp()     {}
func (*AssertExp) isExp()    {}
func (*ScremaExp) isExp()    {}

// SegScanExp is an inclusive scan along the innermost dimension of Space
// (a segmented scan when Space has several dimensions): every point
// computes Body, whose first results feed the scans in order and whose
// remaining results are mapped out. All results have the shape of Space
// followed by the result's own shape.
type SegScanExp struct {
	Level    SegLevel
	Space    []SegDim
	Scans    []Scan
	Body     *Body
	Types    []Type    // types of one point's results
	Lowering *Lowering // set by the lower pass (see SegMapExp)
}

// SegHistExp is a histogram computed in parallel over Space: every point
// computes Body, which returns, for each operator in order, an i64 bin
// index followed by that operator's values. The results are the updated
// destination arrays of the operators, in order.
type SegHistExp struct {
	Level    SegLevel
	Space    []SegDim
	Ops      []HistOp
	Body     *Body
	Types    []Type    // types of one point's results
	Lowering *Lowering // set by the lower pass (see SegMapExp)
}

// ThresholdExp is true when Parallelism is at least the current value of
// the named threshold of the program. It guards the versions of
// multi-versioned code and is evaluated on the host.
type ThresholdExp struct {
	Name        string
	Parallelism SubExp
}

// GroupFitsExp is true when a work-group of Group work-items with
// LocalBytes bytes of local memory can be launched on the device: it
// guards the intra-group version of multi-versioned code and is
// evaluated on the host, from the device's limits (the interpreter
// assumes InterpMaxGroup and InterpLocalMem).
type GroupFitsExp struct {
	Group, LocalBytes SubExp
}

// IntraThreshold is the name that the thresholds of intra-group versions
// carry after their function's: FUN.suff_intra_par_N.
const IntraThreshold = "suff_intra_par"

// The device limits the interpreter assumes for GroupFitsExp: those of
// current GPUs (1024 work-items; 48 KiB of local memory, the part of it a
// kernel gets without opting in on NVIDIA's devices).
const (
	InterpMaxGroup = 1024
	InterpLocalMem = 48 << 10
)

func (*GroupFitsExp) isExp() {}
func (*SliceExp) isExp()     {}
func (*UpdateExp) isExp()    {}
func (*RearrangeExp) isExp() {}
func (*ReshapeExp) isExp()   {}
func (*ConcatExp) isExp()    {}
func (*CallPrimExp) isExp()  {}
func (*HistExp) isExp()      {}
func (*ScatterExp) isExp()   {}
func (*SegMapExp) isExp()    {}
func (*SegRedExp) isExp()    {}
func (*SegScanExp) isExp()   {}
func (*SegHistExp) isExp()   {}
func (*ThresholdExp) isExp() {}
