-- An operator section supplies the array its operator consumes.
def (<-<) (xs: *[]i32) (i: i32) : *[]i32 = xs with [0] = i

entry main (ys: *[]i32) : []i32 = (ys <-<) 1
