-- Scalar code on the host: arithmetic, comparison, conversion, if.
-- ==
-- input { 4 }
-- output { 8f32 }
-- input { 1 }
-- output { 1.5f32 }
def main (x: i32) : f32 = let y = x * 2 in if y > 3 then f32.i32 y else 1.5
