-- A sequential loop inside a map.
-- ==
-- input { [1, 2, 3, 4] }
-- output { [1, 2, 6, 24] }
def main (xs: []i32) = map (\n -> loop f = 1 for i < n do f * (i + 1)) xs
