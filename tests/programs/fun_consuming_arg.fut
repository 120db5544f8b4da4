-- A function argument that consumes its parameter is fine where the
-- higher-order function declares the parameter unique.
-- ==
-- input { [1, 2] } output { [7, 2] [1, 2] }
def apply (f: *[]i32 -> *[]i32) (x: *[]i32) = f x
def main (xs: []i32) = (apply (\(r: *[]i32) -> r with [0] = 7) (copy xs), xs)
