-- Arrays made by equal expressions outside any branch, in loops and as
-- results of a function, one of them consumed: CSE may not let them share
-- memory.
-- ==
-- entry: reps
-- input { 3i64 } output { [1,0,0] [0,0,0] }

entry reps (n: i64) : ([]i32, []i32) =
  let xs = replicate n 0
  let ys = replicate n 0
  let xs[0] = 1
  in (xs, ys)

-- ==
-- entry: mapped
-- input { [1,2] } output { [2,3] [0,3] }

entry mapped (a: []i32) : ([]i32, []i32) =
  let xs = map (+1) a
  let ys = map (+1) a
  let ys[0] = 0
  in (xs, ys)

-- Each iteration makes two equal arrays and updates one of them through
-- the loop's merge parameter in the next iteration.
-- ==
-- entry: looped
-- input { 3i64 } output { [7,0,0] [0,0,0] }

entry looped (n: i64) : ([]i32, []i32) =
  let (xs, ys) =
    loop (xs, ys) = (replicate n 1, replicate n 1) for _i < 2 do
      let xs[0] = 7
      in (replicate n 0, replicate n 0)
  let xs[0] = 7
  in (xs, ys)

-- A function returning two equal arrays, one updated by its caller.
-- ==
-- entry: called
-- input { 2i64 } output { [8i64,1i64] [0i64,1i64] }

def two (n: i64) : (*[]i64, *[]i64) = (iota n, iota n)

entry called (n: i64) : ([]i64, []i64) =
  let (xs, ys) = two n
  let xs[0] = 8
  in (xs, ys)
