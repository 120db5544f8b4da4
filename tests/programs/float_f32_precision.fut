-- f32 arithmetic rounds to single precision at every step.
-- ==
-- input { 1f32 }
-- output { 1f32 1.0000001f32 }
def main (x: f32) = ((x + 1e-8) - 0, x + 1.1920929e-7)
