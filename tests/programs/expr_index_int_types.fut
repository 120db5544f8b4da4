-- Indices may be of any signed integer type.
-- ==
-- input { [10, 20, 30] 1i8 2i32 0i16 }
-- output { 20 30 10 }
def main (xs: []i32) (a: i8) (b: i32) (c: i16) = (xs[a], xs[b], xs[c])
