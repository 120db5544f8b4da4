-- Parameter and result types may be left for inference.
-- ==
-- input { 3 4 }
-- output { 7 12 true }
def add x y : i32 = x + y
def mul (x: i32) y = x * y
def lt x y = (x: i32) < y

def main (a: i32) (b: i32) = (add a b, mul a b, lt a b)
