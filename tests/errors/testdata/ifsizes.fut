-- Two arrays whose sizes differ between the branches, and from each
-- other in one branch, are zipped.
entry main (b: bool) : [](i32, i32) =
  let (xs, ys) = if b then ([1, 2, 3], [4, 5]) else ([1, 2], [3, 4, 5])
  in zip xs ys
