-- Inclusive prefix sum of an i32 vector (8 bytes per element at least):
-- the scan of issue 6's acceptance criteria. The sums wrap around, as
-- they do in every baseline.
-- ==
-- random input { [100000000]i32 }
def main [n] (xs: [n]i32) : [n]i32 = scan (+) 0 xs
