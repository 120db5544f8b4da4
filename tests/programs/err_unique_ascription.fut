-- A value that shares its array with a non-unique parameter cannot be
-- ascribed a unique type.
-- ==
-- error: cannot have the unique type \*\[.*\]i32
def main (x: []i32) = let y : *[]i32 = x in y
