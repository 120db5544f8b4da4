-- Reductions in host loops whose results only the next kernels use stay
-- on the device (issue 22): the kernels read them from device memory, with
-- the arithmetic on them, and the host reads nothing per iteration
-- (tests/hostloop_test.go counts the reads). A result the loop condition
-- needs is still read. Edge sizes: no iteration, one element, no element.
-- ==
-- entry: centre
-- input { 0i64 [3, 1, 4] } output { [3, 1, 4] }
-- input { 1i64 [3, 1, 4] } output { [-9, -11, -8] }
-- input { 3i64 [3, 1, 4, 1, 5] } output { [-114, -116, -113, -116, -112] }
-- input { 2i64 [7] } output { [-33] }
-- input { 2i64 empty([0]i32) } output { empty([0]i32) }
-- compiled random input { 5i64 [10000]i32 } auto output

-- Each step subtracts the sum and the largest element's remainder by 5
-- (two reductions, their results combined on the way into the map).
entry centre [n] (k: i64) (xs: [n]i32) : [n]i32 =
  loop a = xs for _t < k do
    let s = i32.sum (map (% 1000) a)
    let m = i32.maximum a
    let d = s % 97 + m % 5
    in map (\x -> x - d) a

-- ==
-- entry: halve
-- input { [40, 8, 2] } output { [5, 1, 0] 3i32 }
-- input { [1] } output { [1] 0i32 }
-- input { empty([0]i32) } output { empty([0]i32) 0i32 }

-- The loop condition needs the sum on the host: its read stays.
entry halve [n] (xs: [n]i32) : ([n]i32, i32) =
  let (a, _, steps) =
    loop (a, s, steps) = (xs, i32.sum xs, 0) while s > 10 do
      let b = map (/ 2) a
      in (b, i32.sum b, steps + 1)
  in (a, steps)
