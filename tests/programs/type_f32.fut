-- f32 arithmetic happens in single precision.
-- ==
-- input { 16777216f32 1f32 }
-- output { 16777216f32 0.5f32 }
-- input { 0.1f32 0.2f32 }
-- output { 0.3f32 0.1f32 }
def main (a: f32) (b: f32) = (a + b, b / 2)
