-- Concatenating matrices along the outer dimension.
-- ==
-- tags { no_opencl }
-- input { [[1, 2]] [[3, 4], [5, 6]] }
-- output { [[1, 2], [3, 4], [5, 6]] }
def main [m] (a: [][m]i32) (b: [][m]i32) = a ++ b
