-- Recursive functions: a scalar recursion, a recursion on a slice of a
-- size-parameterised array (the size is instantiated afresh at each
-- call), and one with two recursive calls.
-- ==
-- input { 5i64 [1,2,3,4] 10i32 }
-- output { 120i64 10i32 55i32 }
-- input { 0i64 empty([0]i32) 1i32 }
-- output { 1i64 0i32 1i32 }

def fact (n: i64) : i64 = if n <= 1 then 1 else n * fact (n - 1)

def sum [n] (xs: [n]i32) : i32 = if n == 0 then 0 else xs[0] + sum xs[1:]

def fib (n: i32) : i32 = if n < 2 then n else fib (n - 1) + fib (n - 2)

entry main (n: i64) (xs: []i32) (k: i32) = (fact n, sum xs, fib k)
