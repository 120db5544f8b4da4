-- segmented_scan with a non-commutative operator, products of 2x2 matrices
-- modulo 1000, so that any reordering of the operands would show.
-- ==
-- input { empty([0]bool) empty([0][4]i64) }
-- output { empty([0][4]i64) }
-- input { [true] [[5i64, 7i64, 2i64, 9i64]] }
-- output { [[5i64, 7i64, 2i64, 9i64]] }
-- input { [true, false, true, true, false, false, true] [[1i64, 1i64, 1i64, 0i64], [2i64, 0i64, 1i64, 3i64], [0i64, 1i64, 1i64, 0i64], [5i64, 7i64, 2i64, 9i64], [1i64, 2i64, 3i64, 4i64], [3i64, 0i64, 0i64, 1i64], [4i64, 4i64, 1i64, 2i64]] }
-- output { [[1i64, 1i64, 1i64, 0i64], [3i64, 3i64, 2i64, 0i64], [0i64, 1i64, 1i64, 0i64], [5i64, 7i64, 2i64, 9i64], [26i64, 38i64, 29i64, 40i64], [78i64, 38i64, 87i64, 40i64], [4i64, 4i64, 1i64, 2i64]] }
-- input { [false, false, false, false, false, false, false] [[1i64, 1i64, 1i64, 0i64], [2i64, 0i64, 1i64, 3i64], [0i64, 1i64, 1i64, 0i64], [5i64, 7i64, 2i64, 9i64], [1i64, 2i64, 3i64, 4i64], [3i64, 0i64, 0i64, 1i64], [4i64, 4i64, 1i64, 2i64]] }
-- output { [[1i64, 1i64, 1i64, 0i64], [3i64, 3i64, 2i64, 0i64], [3i64, 3i64, 0i64, 2i64], [21i64, 48i64, 4i64, 18i64], [165i64, 234i64, 58i64, 80i64], [495i64, 234i64, 174i64, 80i64], [214i64, 448i64, 776i64, 856i64]] }
-- input { [true, false, false, false, false, true, false, false, false, false, true, false, false, false] [[1i64, 1i64, 1i64, 0i64], [2i64, 0i64, 1i64, 3i64], [0i64, 1i64, 1i64, 0i64], [5i64, 7i64, 2i64, 9i64], [1i64, 2i64, 3i64, 4i64], [3i64, 0i64, 0i64, 1i64], [4i64, 4i64, 1i64, 2i64], [1i64, 1i64, 1i64, 0i64], [2i64, 0i64, 1i64, 3i64], [0i64, 1i64, 1i64, 0i64], [5i64, 7i64, 2i64, 9i64], [1i64, 2i64, 3i64, 4i64], [3i64, 0i64, 0i64, 1i64], [4i64, 4i64, 1i64, 2i64]] }
-- output { [[1i64, 1i64, 1i64, 0i64], [3i64, 3i64, 2i64, 0i64], [3i64, 3i64, 0i64, 2i64], [21i64, 48i64, 4i64, 18i64], [165i64, 234i64, 58i64, 80i64], [3i64, 0i64, 0i64, 1i64], [12i64, 12i64, 1i64, 2i64], [24i64, 12i64, 3i64, 1i64], [60i64, 36i64, 7i64, 3i64], [36i64, 60i64, 3i64, 7i64], [5i64, 7i64, 2i64, 9i64], [26i64, 38i64, 29i64, 40i64], [78i64, 38i64, 87i64, 40i64], [350i64, 388i64, 388i64, 428i64]] }

import "lib/github.com/fcclang/segmented/segmented"

type mat = (i64, i64, i64, i64)

def mul ((a, b, c, d): mat) ((e, f, g, h): mat) : mat =
  ((a * e + b * g) % 1000, (a * f + b * h) % 1000, (c * e + d * g) % 1000, (c * f + d * h) % 1000)

def main [n] (flags: [n]bool) (ms: [n][4]i64) : [n][4]i64 =
  let ps = segmented_scan mul (1, 0, 0, 1) flags (map (\m -> (m[0], m[1], m[2], m[3])) ms)
  in map (\(a, b, c, d) -> [a, b, c, d]) ps
