-- A loop whose state is an array updated in place.
-- ==
-- input { 5i64 }
-- output { [0i64, 1i64, 4i64, 9i64, 16i64] }
-- input { 0i64 }
-- output { empty([0]i64) }
def main (n: i64) =
  loop xs = replicate n 0i64 for i < n do xs with [i] = i * i
