-- Taking a tuple apart gives each name the aliases of its own component:
-- updating one component in place leaves the other usable (in a let and
-- in a loop), as in Futhark.
-- ==
-- entry: main
-- input { 3i64 } output { [1.0, 0.0, 0.0] [2.0, 0.0, 0.0] }

-- ==
-- entry: in_loop
-- input { 3i64 } output { [7.0, 7.0, 7.0] [8.0, 8.0, 8.0] }

entry main (n: i64) =
  let arrs = (replicate n 0.0, replicate n 0.0)
  let (a, b) = arrs
  let a[0] = 1.0
  let b[0] = 2.0
  in (a, b)

entry in_loop (n: i64) =
  loop p = (replicate n 0.0, replicate n 0.0) for i < n do
    let (a, b) = p
    let a[i] = 7.0
    let b[i] = 8.0
    in (a, b)
