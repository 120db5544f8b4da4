-- User-defined infix operators.
-- ==
-- input { 3 4 }
-- output { 34 -1 }
-- input { 5 5 }
-- output { 55 0 }
-- input { 7 2 }
-- output { 72 1 }
def (x: i32) +^ (y: i32) = x * 10 + y

def (a: i32) <=> (b: i32) : i32 = if a < b then -1 else if a > b then 1 else 0

def main (x: i32) (y: i32) = (x +^ y, x <=> y)
