-- The accumulator functions over Futhark's intrinsics module, in the
-- form Futhark's own tests import them (import "intrinsics"); the
-- acc_*.fut programs use them (frontend/accumulators.go).

type~ acc 't = intrinsics.acc t

-- | Runs f on each element of bs with an accumulator writing into dest;
-- writes out of bounds are ignored.
def scatter_stream [k] 'a 'b (dest: *[k]a) (f: *acc ([k]a) -> b -> *acc ([k]a)) (bs: []b) : *[k]a =
  intrinsics.scatter_stream (dest, f, bs) :> *[k]a

-- | As scatter_stream, but a write combines with the value already there
-- by op, an associative and commutative operator with neutral element ne.
def reduce_by_index_stream [k] 'a 'b (dest: *[k]a) (op: a -> a -> a) (ne: a)
                           (f: *acc ([k]a) -> b -> *acc ([k]a)) (bs: []b) : *[k]a =
  intrinsics.hist_stream (dest, op, ne, f, bs) :> *[k]a

-- | Writes v at index i of the accumulator.
def write [n] 't (acc: *acc ([n]t)) (i: i64) (v: t) : *acc ([n]t) =
  intrinsics.acc_write (acc, i, v)

-- The library tested on its own: a scatter_stream whose function writes
-- twice per element, one write out of bounds.
-- ==
-- entry: test_scatter_stream
-- input { [0i64, 0i64, 0i64, 0i64] [1i64, 3i64] } output { [0i64, 10i64, 0i64, 30i64] }
-- input { [5i64, 5i64] empty([0]i64) } output { [5i64, 5i64] }
entry test_scatter_stream [k] (dest: *[k]i64) (is: []i64) : *[k]i64 =
  scatter_stream dest (\acc i -> write (write acc i (i * 10)) (i + k) 1) is
