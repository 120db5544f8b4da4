-- Kept functions called inside maps: the scalar one (sq) becomes an
-- OpenCL C function called by the kernel; those with array parameters or
-- results are inlined before flattening, whose nested parallelism is then
-- flattened as usual (issue 20).
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [36, 225] [[6, 12, 18], [60, 75, 90]] }
-- input { empty([0][4]i32) }
-- output { empty([0]i32) empty([0][4]i32) }

#[noinline]
def rowsum [n] (xs: [n]i32) : i32 = reduce (+) 0 xs

#[noinline]
def scale [n] (k: i32) (xs: [n]i32) : [n]i32 = map (* k) xs

#[noinline]
def sq (x: i32) : i32 = x * x

def main [m][n] (xss: [m][n]i32) : ([m]i32, [m][n]i32) =
  (map (\r -> sq (rowsum r)) xss, map (\r -> scale (rowsum r) r) xss)
