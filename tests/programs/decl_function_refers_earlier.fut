-- Later definitions may use earlier ones, including constants.
-- ==
-- input { 2 }
-- output { 27 }
def base = 3
def f (x: i32) = x * base
def g (x: i32) = f x + f (x + 1)
def h (x: i32) = g x + f (x - 2) + base + 9

def main (x: i32) = h x
