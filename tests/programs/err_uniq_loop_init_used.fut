-- A loop consumes its initial value before the first iteration, so its
-- body may not use an alias of that value from outside the loop.
-- ==
-- error: :8:6: error: Using variable "xs", but this was consumed at 8:17 \("view"

def main (xs: *[]i32) : []i32 =
  let view = reverse xs
  in loop acc = xs for i < 3 do
       acc with [i] = view[i]
