-- The segmented library imported as a module (module seg = import ...),
-- its functor reached by a qualified name and applied to i64.
-- ==
-- input { empty([0]bool) empty([0]i64) }
-- output { empty([0]i64) empty([0]i64) }
-- input { [true] [-3i64] }
-- output { [-3i64] [-3i64] }
-- input { [true, false, true, true, false, false, true] [2i64, 3i64, -1i64, 5i64, 5i64, 2i64, 10i64] }
-- output { [6i64, -1i64, 50i64, 10i64] [2i64, -1i64, 2i64, 10i64] }
-- input { [true, true, true, true, true] [1048576i64, 2097152i64, -7i64, 0i64, 9i64] }
-- output { [1048576i64, 2097152i64, -7i64, 0i64, 9i64] [1048576i64, 2097152i64, -7i64, 0i64, 9i64] }
-- input { [false, false, true, false, false, true, false, false, false] [3i64, 3i64, 3i64, 3i64, 3i64, 3i64, 3i64, 3i64, 3i64] }
-- output { [9i64, 27i64, 81i64] [3i64, 3i64, 3i64] }

module seg = import "lib/github.com/fcclang/segmented/segmented"

module seg64 = seg.mk_segmented_numeric i64

def main [n] (flags: [n]bool) (xs: [n]i64) : ([]i64, []i64) =
  (seg64.segmented_product flags xs, seg.segmented_reduce i64.min i64.highest flags xs)
