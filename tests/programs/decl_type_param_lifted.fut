-- A lifted type parameter '^ may be instantiated with a function type.
-- ==
-- input { 5 }
-- output { 15 }
-- input { -10 }
-- output { 0 }
def app '^f (g: f) (h: f -> i32) : i32 = h g

def main (x: i32) = app (\y -> y + x) (\k -> k 10)
