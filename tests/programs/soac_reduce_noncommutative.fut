-- reduce with an associative but non-commutative operator (2x2 matrix
-- product) combines the elements in order.
-- ==
-- input { [[1, 1, 0, 1], [1, 0, 1, 1], [2, 0, 0, 1]] }
-- output { 4 1 2 1 }
-- input { empty([0][4]i32) }
-- output { 1 0 0 1 }
def mul (a: i32, b: i32, c: i32, d: i32) (e: i32, f: i32, g: i32, h: i32) =
  (a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h)

def main (ms: [][4]i32) =
  reduce mul (1, 0, 0, 1) (map (\(r: [4]i32) -> (r[0], r[1], r[2], r[3])) ms)
