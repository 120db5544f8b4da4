-- A top-level constant is shared by all its uses: it may not be a
-- partial application that consumes.
-- ==
-- error: Top-level constant of higher-order type

def put (xs: *[]i64) (v: i64) : *[]i64 = xs with [1] = v

def put_fresh : i64 -> *[]i64 = put (replicate 4 0)

def main (v: i64) = put_fresh v
