-- Record types are equal regardless of the order of their fields.
-- ==
-- input { 1 2 }
-- output { 1 2 }
def get (r: {a: i32, b: i32}) = (r.a, r.b)

def main (x: i32) (y: i32) = get {b = y, a = x}
