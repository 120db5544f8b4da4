-- nan and inf on f32, from arithmetic.
-- ==
-- input { 0f32 }
-- output { f32.inf -f32.inf f32.nan true false }
def main (z: f32) = (1 / z, -1 / z, z / z, f32.isinf (1 / z), z / z < 1)
