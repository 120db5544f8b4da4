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
