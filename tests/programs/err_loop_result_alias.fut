-- After no iterations a loop's result is its initial value: a loop over
-- a non-unique parameter cannot give a unique result.
-- ==
-- error: Unique-typed return value of main is aliased to "xs"
def main (xs: []i64) : *[]i64 = loop a = xs for i < 3 do a
