-- An entry point whose type is a function type abbreviation takes the
-- abbreviation's parameters.
-- ==
-- input { 3i64 }
-- output { [0i32, 1i32, 2i32] }

type^ table = (n: i64) -> [n]i32

def main : table = \n -> map i32.i64 (iota n)
