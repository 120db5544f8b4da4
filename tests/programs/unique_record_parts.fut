-- Taking a record apart gives each name the aliases of its own field, as
-- taking a tuple apart does: updating one field's array in place leaves
-- the others usable, whether the record is a variable, a literal or a
-- copy of a variable.
-- ==
-- entry: from_var
-- input { [1, 2, 3] [4, 5, 6] } output { [9, 2, 3] [4, 5, 6] 13 }

-- ==
-- entry: from_literal
-- input { [1, 2, 3] [4, 5, 6] } output { 13 }

-- ==
-- entry: from_copy
-- input { [1, 2, 3] [4, 5, 6] } output { [9, 2, 3] [4, 5, 8] }

-- ==
-- entry: puns
-- input { [1, 2, 3] [4, 5, 6] } output { [9, 2, 3] [4, 8, 6] }

entry from_var (xs: *[]i32) (ys: *[]i32) =
  let r = {x = xs, y = ys}
  let {x = a, y = b} = r
  let a[0] = 9
  in (a, b, a[0] + b[0])

entry from_literal (xs: *[]i32) (ys: *[]i32) =
  let {x = a, y = b} = {x = xs, y = ys}
  let a[0] = 9
  in a[0] + b[0]

entry from_copy (xs: *[]i32) (ys: *[]i32) =
  let r = {x = xs, y = ys}
  let s = r
  let {x = a, y = b} = s
  let a[0] = 9
  let b[2] = 8
  in (a, b)

entry puns (xs: *[]i32) (ys: *[]i32) =
  let r = {x = xs, y = ys}
  let {y, x} = r
  let x[0] = 9
  let y[1] = 8
  in (x, y)
