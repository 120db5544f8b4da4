-- Recursive functions with array results: a result whose size is the
-- parameter's, one whose size the recursion computes (existential), a
-- unique parameter updated in place at each level, and a polymorphic
-- function (the recursion is at its own type).
-- ==
-- input { [3,1,2] 4i64 }
-- output { [2,1,3] [0i64,1i64,2i64,3i64,0i64,1i64,2i64,0i64,1i64,0i64] [0,1,4,9] [2,1,3] }

def rev [n] (xs: [n]i32) : [n]i32 =
  if n <= 1 then xs
  else sized n (rev xs[1:] ++ [xs[0]])

def stairs (n: i64) : []i64 =
  if n == 0 then [] else iota n ++ stairs (n - 1)

def squares (xs: *[]i32) (i: i64) : *[]i32 =
  if i >= length xs then xs
  else squares (xs with [i] = i32.i64 (i * i)) (i + 1)

def rev_poly 't [n] (xs: [n]t) : [n]t =
  if n <= 1 then xs
  else sized n (rev_poly xs[1:] ++ [xs[0]])

entry main (xs: []i32) (k: i64) =
  (rev xs, stairs k, squares (replicate k 0) 0, rev_poly xs)
