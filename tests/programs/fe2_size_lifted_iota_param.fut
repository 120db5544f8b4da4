-- The size of iota n, where n is the lambda's own parameter, is not known
-- outside the lambda ("the return size being a value parameter"), so map
-- rejects it, as Futhark does.
-- ==
-- error: argument 1 of map: type variable 'b cannot be instantiated with type \[\]i64

def main (ns: []i64) = map (\n -> iota n) ns
