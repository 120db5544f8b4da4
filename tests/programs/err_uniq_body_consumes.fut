-- A definition declared to be a function that does not consume its
-- argument may not be a function that does.
-- ==
-- error: :8:29: error: Function body does not have expected type

def zero_first (xs: *[]i64) : i64 = let xs[0] = 0 in xs[1]

entry peek : []i64 -> i64 = zero_first
