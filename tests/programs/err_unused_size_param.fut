-- Every size parameter of a type abbreviation must be used in its
-- definition, even when no entry point mentions the abbreviation.
-- ==
-- error: Size parameter \[k\] of type abbreviation pair is not used

type pair [k] = (i32, i32)

def main (x: i32) = x
