-- An assertion whose text has a percent sign reports it as written, on
-- the host and in kernels (the messages of failing kernel sites are
-- formats, so the sign must not be taken for a verb).
-- ==
-- entry: host
-- input { 4 } output { 5 }
-- input { 3 } error: assertion is false: \(x % 2 == 0\)

-- ==
-- entry: in_kernel
-- input { [2, 4] } output { [3, 5] }
-- input { [2, 3] } error: assertion is false: \(x % 2 == 0\)

entry host (x: i32) = assert (x % 2 == 0) (x + 1)
entry in_kernel (xs: []i32) = map (\x -> assert (x % 2 == 0) (x + 1)) xs
