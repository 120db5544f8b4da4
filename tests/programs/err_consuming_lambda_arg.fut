-- A function argument may not consume its parameter where the function
-- it is passed to declares that parameter non-unique: map may pass it
-- rows that are still in use (here a itself, read inside the lambda).
-- ==
-- error: argument 1 of map is a function that consumes its parameter
def main (a: *[][]i32) : *[]i32 =
  map (\(r: *[]i32) : i32 -> a[0, 0] + r[0]) a
