-- Float literals with the f32 and f64 suffixes; integer digits with a
-- float suffix make a float.
-- ==
-- input { }
-- output { 1.5f32 2f32 2.25 3.0 0.1f32 }
def main = (1.5f32, 2f32, 2.25f64, 3f64, 0.1f32)
