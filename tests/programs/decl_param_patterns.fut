-- Function parameters may be tuple, record and wildcard patterns.
-- ==
-- input { 3 4 }
-- output { 7 3 4 12 }
def addp ((a, b): (i32, i32)) = a + b
def getx ({x, y = _}: {x: i32, y: i32}) = x
def second (_: i32) (b: i32) = b
def mulp (a: i32, b: i32) = a * b

def main (p: i32) (q: i32) = (addp (p, q), getx {x = p, y = q}, second p q, mulp (p, q))
