-- Top-level constants defined with def.
-- ==
-- input { 1 }
-- output { 43 84 }
def k = 42
def k2 : i32 = k * 2

def main (x: i32) = (x + k, k2)
