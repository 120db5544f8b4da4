-- A local function holds on to the arrays free in its body, and so does
-- the result of applying it.
-- ==
-- error: Using variable "table", but this was consumed

def main (table: *[]f64) (n: i64) =
  let row (i: i64) = table[i:i + n]
  let r = row 0
  let table[1] = 0
  in r
