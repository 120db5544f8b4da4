-- Size checks that inlining turns into checks of constants: the program
-- still compiles, and fails at run time with the check's message.
-- ==
-- entry: coerce
-- input { 2i64 } output { [0i64, 1i64] }
-- input { 3i64 } error: cannot be coerced

-- ==
-- entry: rows
-- input { 1i32 } error: rows of an array literal

def f (n: i64) = iota n

entry coerce (k: i64) = if k == 2 then f 2 :> [2]i64 else (f 2 :> [3]i64)[:2]

-- Each application of f gives a row of another size (a size-lifted
-- type), so the literal is irregular.
def apply 'a '~b (f: i64 -> a -> b) (x: a) = [f 0 x, f 1 x]

entry rows (x: i32) = apply replicate x
