-- A parameter that is not unique may not be updated in place.
-- ==
-- error: (?i)consum|unique
def main (xs: []i32) = xs with [0] = 1
