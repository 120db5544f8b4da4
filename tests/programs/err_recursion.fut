-- A recursive function must declare its return type (recursion.go);
-- one that does may call itself (rec_basic.fut).
-- ==
-- error: Recursive function "fact" must have a declared return type
def fact (n: i32) = if n == 0 then 1 else n * fact (n - 1)

def main (n: i32) = fact n
