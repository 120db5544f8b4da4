-- Concatenating matrices along the outer dimension.
-- ==
-- input { [[1, 2]] [[3, 4], [5, 6]] }
-- output { [[1, 2], [3, 4], [5, 6]] }
def main [m] (a: [][m]i32) (b: [][m]i32) = a ++ b
