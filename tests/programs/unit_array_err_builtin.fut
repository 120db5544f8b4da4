-- The built-in array functions are not defined on arrays of () yet: the
-- use is reported where it is written.
-- ==
-- error: length is used on arrays of \(\), a type with no values

def main (n: i64) = length (replicate n ())
