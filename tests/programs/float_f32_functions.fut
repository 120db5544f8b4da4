-- A selection of f32 functions.
-- ==
-- input { 4f32 }
-- output { 2f32 54.59815f32 1.3862944f32 2f32 -0.7568025f32 }
def main (x: f32) = (f32.sqrt x, f32.exp x, f32.log x, f32.log2 x, f32.sin x)
