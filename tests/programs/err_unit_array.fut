-- Arrays of the empty tuple have no component array to carry their
-- length in fcc's representation: a clear error, not a crash.
-- ==
-- error: arrays of \(\), a type with no values
def main (n: i64) = length (replicate n ())
