-- Ranges whose step points away from their end are invalid, whatever
-- their form; a...b is Futhark's spelling of the inclusive range a..b.
-- A zero step is an invalid range, not a division by zero.
-- ==
-- entry: incl
-- input { 0 5 } output { [0, 1, 2, 3, 4, 5] }
-- input { 3 3 } output { [3] }
-- input { 5 1 } error: range .* is invalid

-- ==
-- entry: incl_step
-- input { 5 4 1 } output { [5, 4, 3, 2, 1] }
-- input { 5 0 0 } output { [5, 0] }
-- input { 1 2 1 } output { [1] }
-- input { 0 2 5 } output { [0, 2, 4] }
-- input { 2 5 1 } error: range .* is invalid
-- input { 1 0 5 } error: range .* is invalid
-- input { 1 1 5 } error: range .* is invalid

-- ==
-- entry: up_step
-- input { 0 2 5 } output { [0, 2, 4] }
-- input { 0 1 0 } output { empty([0]i32) }
-- input { 5 4 1 } error: range .* is invalid
-- input { 5 0 0 } error: range .* is invalid
-- input { 1 0 5 } error: range .* is invalid

-- ==
-- entry: down_step
-- input { 5 4 1 } output { [5, 4, 3, 2] }
-- input { 5 0 0 } output { [5] }
-- input { 0 1 5 } error: range .* is invalid
-- input { 0 2 5 } error: range .* is invalid
-- input { 1 0 5 } error: range .* is invalid

entry incl (a: i32) (b: i32) = a...b
entry incl_step (a: i32) (s: i32) (b: i32) = a..s...b
entry up_step (a: i32) (s: i32) (b: i32) = a..s..<b
entry down_step (a: i32) (s: i32) (b: i32) = a..s..>b
