-- An index expression is evaluated while the array it indexes is held:
-- the index may not consume that array.
-- ==
-- error: :7:3: error: Using variable "arr", but this was consumed

def main (arr: *[]i64) : i64 =
  arr[(let tmp = arr with [1] = 0 in tmp[1])]
