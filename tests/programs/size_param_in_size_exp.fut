-- Size parameters that occur only inside size expressions of parameter
-- types ([a+b]t, [succ n]t, [2*k]t) are determined at each call from the
-- argument's size, which must be computed by the same expression: a
-- concatenation, a declared result type, a coercion.
-- ==
-- input { [1i32, 2, 3] [4i32, 5] [1i32, 2, 3, 4] }
-- output { 3i64 2i64 [2i32, 3, 4, 5, 6] [3i32, 7] }
-- input { empty([0]i32) [7i32] [5i32, 6] }
-- output { 0i64 1i64 [8i32] [11i32] }

def split_sizes [a] [b] 't (_: [a + b]t) = (a, b)

def succ (x: i64) = x + 1

def push [n] (x: i32) (xs: [n]i32) : [succ n]i32 = [x] ++ xs :> [succ n]i32

def drop_first [n] (xs: [succ n]i32) : [n]i32 = xs[1:] :> [n]i32

def pair_sums [k] (xs: [2 * k]i32) : [k]i32 =
  tabulate k (\i -> xs[2 * i] + xs[2 * i + 1])

def main (xs: []i32) (ys: []i32) (zs: []i32) =
  let (a, b) = split_sizes (xs ++ ys)
  let h = length zs / 2
  in (a, b, drop_first (push 0 (map (+ 1) (xs ++ ys))), pair_sums (zs :> [2 * h]i32))
