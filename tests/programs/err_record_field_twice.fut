-- A record type that names a field twice.
-- ==
-- error: Duplicate field x
type t = {x: i32, x: i32}
def main (a: i32) : t = {x = a}
