-- An entry point may not take a function as a parameter.
-- ==
-- error: (?i)function|entry
entry main (f: i32 -> i32) (x: i32) = f x
