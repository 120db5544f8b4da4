-- A tuple of two unique arrays, bound to a name or taken apart directly:
-- each component aliases its own array only, so one can be updated in
-- place and the other used afterwards. The components of an if are
-- kept apart too.
-- ==
-- entry: literal
-- input { [1, 2, 3] [4, 5, 6] } output { [9, 2, 3] [4, 5, 6] }

-- ==
-- entry: through_var
-- input { [1, 2, 3] [4, 5, 6] } output { 13 }

-- ==
-- entry: both_updated
-- input { [1, 2, 3] [4, 5, 6] } output { [9, 2, 3] [4, 5, 8] }

-- ==
-- entry: through_if
-- input { true [1, 2, 3] [4, 5, 6] } output { [9, 2, 3] [4, 5, 6] }
-- input { false [1, 2, 3] [4, 5, 6] } output { [9, 2, 3] [4, 5, 6] }

entry literal (xs: *[]i32) (ys: *[]i32) =
  let (a, b) = (xs, ys)
  let a[0] = 9
  in (a, b)

entry through_var (xs: *[]i32) (ys: *[]i32) =
  let p = (xs, ys)
  let (a, b) = p
  let a[0] = 9
  in a[0] + b[0]

entry both_updated (xs: *[]i32) (ys: *[]i32) =
  let p = (xs, ys)
  let (a, b) = p
  let a[0] = 9
  let b[2] = 8
  in (a, b)

entry through_if (c: bool) (xs: *[]i32) (ys: *[]i32) =
  let (a, b) = if c then (xs, ys) else (copy xs, copy ys)
  let a[0] = 9
  in (a, b)
