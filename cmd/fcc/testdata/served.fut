-- Cases that fcc test runs through one server: results, errors, a case
-- that runs forever, consumed inputs, and an opaque result.
-- ==
-- input { [1, 2, 3] 1i64 } output { 2 }
-- input { [1, 2, 3] 5i64 } error: out of bounds
-- input { [1, 2, 3] } error: .
-- input { [1, 2, 3] 2i64 } output { 3 }

-- ==
-- entry: spin
-- input { 1 } output { 0 }
-- input { 0 } output { 0 }

-- ==
-- entry: bump
-- input { [1, 2] } output { [2, 2] }
-- input { [5] } output { [6] }

-- ==
-- entry: pair
-- input { 3 } output { 3 4 }

-- ==
-- entry: mk
-- input { 3 }

-- An opaque value made by a script input stays in the server.
-- ==
-- entry: total
-- script input { mk 3 } output { 7 }

def main (xs: []i32) (i: i64) : i32 = xs[i]

entry spin (x: i32) : i32 = loop y = x while y != 0 do y + 2

entry bump (xs: *[]i32) : []i32 = xs with [0] = xs[0] + 1

type state = {a: i32, b: i32}
entry mk (x: i32) : state = {a = x, b = x + 1}

entry total (s: state) : i32 = s.a + s.b

entry pair (x: i32) : (i32, i32) = (x, x + 1)
