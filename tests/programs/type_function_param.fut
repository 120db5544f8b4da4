-- Parameters of function type.
-- ==
-- input { 4 }
-- output { 9 16 }
def apply (f: i32 -> i32) (x: i32) : i32 = f x
def apply2 (f: i32 -> i32 -> i32) (x: i32) : i32 = f x x

def main (x: i32) = (apply (\y -> 2 * y + 1) x, apply2 (*) x)
