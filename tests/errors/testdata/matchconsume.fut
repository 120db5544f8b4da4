-- A match binds a partial application that consumes an array.
def upd (xs: *[]i32) (i: i32) : *[]i32 = xs with [0] = i

entry main (ys: *[]i32) : []i32 = match upd ys case f -> f 1
