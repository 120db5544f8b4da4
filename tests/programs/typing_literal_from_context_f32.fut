-- Literals in f32 context, both integral and decimal, are f32.
-- ==
-- input { 1.5f32 }
-- output { 3.5f32 3f32 }
def main (x: f32) = (x + 2, x * 2)
