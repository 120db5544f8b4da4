-- A type abbreviation not declared lifted may not hold a lifted type
-- parameter, even where a module type says so (after Futhark's
-- liftedness2).
-- ==
-- error: Non-lifted type abbreviations may not contain functions.

module type mt = { type t '^a }

module m : mt = { type t '^a = a }

def main (x: i32) = x
