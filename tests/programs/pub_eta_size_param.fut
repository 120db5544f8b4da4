-- A size parameter that only the declared function result type uses
-- (jmmarulang/cnn-futhark's unzip7 [n] : (a: [n](...)) -> ... = \a -> ...)
-- is inferred at each use in Futhark; fcc eta-expands the definition so
-- that the size comes from the argument.
-- ==
-- input { [1i32, 2i32, 3i32] } output { [1i32, 2i32, 3i32] [2i64, 4i64, 6i64] 3i64 }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i64) 0i64 }

def unzip_via [n] 'a 'b : (ps: [n](a, b)) -> ([n]a, [n]b) =
  \ps -> (tabulate n (\i -> ps[i].0), tabulate n (\i -> ps[i].1))

def count [n] : (xs: [n]i32) -> i64 = \_ -> n

-- Two arrows: the size is known only from the second.
def pick [m] : i64 -> (ys: [m]i64) -> i64 = \k _ -> k * m

def main (xs: []i32) =
  let (as, bs) = unzip_via (map (\x -> (x, i64.i32 x * 2)) xs)
  in (as, bs, pick 1 bs + count xs - count xs)
