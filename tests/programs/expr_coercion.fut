-- Size coercion e :> t checks the size at run time.
-- ==
-- input { [1, 2, 3] }
-- output { [2, 3, 4] }
-- input { [1, 2] }
-- error: .
def main (xs: []i32) : [3]i32 = map (+1) (xs :> [3]i32)
