-- Ranges whose step points away from their end are invalid, whatever
-- their form; a...b is Futhark's spelling of the inclusive range a..b.
-- A zero step is an invalid range, not a division by zero. The error
-- shows the range's values, as Futhark's does ("Range 5...1 is
-- invalid."), on the host and in kernels.
-- ==
-- entry: incl
-- input { 0 5 } output { [0, 1, 2, 3, 4, 5] }
-- input { 3 3 } output { [3] }
-- input { 5 1 } error: Range 5\.\.\.1 is invalid\.

-- ==
-- entry: incl_step
-- input { 5 4 1 } output { [5, 4, 3, 2, 1] }
-- input { 5 0 0 } output { [5, 0] }
-- input { 1 2 1 } output { [1] }
-- input { 0 2 5 } output { [0, 2, 4] }
-- input { 2 5 1 } error: Range 2\.\.5\.\.\.1 is invalid\.
-- input { 1 0 5 } error: Range 1\.\.0\.\.\.5 is invalid\.
-- input { 1 1 5 } error: Range 1\.\.1\.\.\.5 is invalid\.

-- ==
-- entry: up_step
-- input { 0 2 5 } output { [0, 2, 4] }
-- input { 0 1 0 } output { empty([0]i32) }
-- input { 5 4 1 } error: Range 5\.\.4\.\.<1 is invalid\.
-- input { 5 0 0 } error: Range 5\.\.0\.\.<0 is invalid\.
-- input { 1 0 5 } error: Range 1\.\.0\.\.<5 is invalid\.

-- ==
-- entry: down_step
-- input { 5 4 1 } output { [5, 4, 3, 2] }
-- input { 5 0 0 } output { [5] }
-- input { 0 1 5 } error: Range 0\.\.1\.\.>5 is invalid\.
-- input { 0 2 5 } error: Range 0\.\.2\.\.>5 is invalid\.
-- input { 1 0 5 } error: Range 1\.\.0\.\.>5 is invalid\.

-- ==
-- entry: in_kernel
-- input { [1, 2] 3 } output { [3, 2] }
-- input { [1, 5] 3 } error: Range 5\.\.<3 is invalid\.
-- input { [1, 2] -3 } error: Range 1\.\.<-3 is invalid\.

entry incl (a: i32) (b: i32) = a...b
entry incl_step (a: i32) (s: i32) (b: i32) = a..s...b
entry up_step (a: i32) (s: i32) (b: i32) = a..s..<b
entry down_step (a: i32) (s: i32) (b: i32) = a..s..>b
entry in_kernel (xs: []i32) (e: i32) = map (\x -> i32.sum (x..<e)) xs
