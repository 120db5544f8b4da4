-- A recursive function may not be higher-order: each level could build
-- a different closure, which defunctionalisation cannot name.
-- ==
-- error: Recursive function "go" may not be higher-order

def go (g: i64 -> i64) (n: i64) : i64 =
  if n == 0 then g 0 else go (\x -> g x * 2) (n - 1)

entry main (n: i64) = go (\x -> x + 1) n
