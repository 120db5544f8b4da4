-- A size-lifted type parameter '~ may be instantiated with array types
-- whose sizes are not known in advance.
-- ==
-- input { [1, 2, 3] }
-- output { [3, 4, 5] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }
def twice '~a (f: a -> a) (x: a) : a = f (f x)

def main (xs: []i32) = twice (\ys -> map (+1) ys) xs
