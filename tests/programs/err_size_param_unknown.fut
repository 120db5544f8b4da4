-- A size parameter that no parameter's type mentions
-- cannot be known when the function is called.
-- ==
-- error: size parameter \[n\] of f is not used in the size of any parameter's dimension
def f [n] (x: i32) : [n]i32 = replicate n x
def main (x: i32) : [3]i32 = f x
