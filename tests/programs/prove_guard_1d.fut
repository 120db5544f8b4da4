-- Indices inside kernels guarded by branch conditions (the prove pass's
-- facts): in bounds where the guard keeps them inside, so their checks
-- are left out and the elements read must be the right ones; and guards
-- off by one, whose indices keep their checks and fail at run time.
-- ==
-- entry: guarded
-- input { [1, 2, 3, 4, 5] [-2i64, -1i64, 0i64, 1i64, 2i64, 4i64, 5i64, 9i64] }
-- output { [-1, -1, 100, 3, 5, 9, -1, -1] }
-- input { empty([0]i32) [0i64, 1i64] }
-- output { [-1, -1] }

-- i is an element of is, unknown: `i < 0 || i >= n` false gives
-- 0 <= i < n, and `i == 0` false then gives i - 1 >= 0.
entry guarded [n] (xs: [n]i32) (is: []i64) : []i32 =
  map (\i -> if i < 0 || i >= n then -1
             else if i == 0 then xs[i] * 100
             else xs[i - 1] + xs[i]) is

-- ==
-- entry: window
-- input { [1, 2, 3, 4, 5] 1i64 }
-- output { [3, 6, 9, 12, 9] }
-- input { [1, 2, 3, 4, 5] 2i64 }
-- output { [6, 10, 15, 14, 12] }

-- The sum of xs[j - r] .. xs[j + r] that lie inside: each read is
-- guarded by `0 <= k && k < n` (its then branch).
entry window [n] (xs: [n]i32) (r: i64) : [n]i32 =
  tabulate n (\j ->
    loop s = 0 for d < 2 * r + 1 do
      let k = j - r + d
      in if 0 <= k && k < n then s + xs[k] else s)

-- ==
-- entry: upper_off_by_one
-- input { [1, 2, 3] [0i64, 2i64] }
-- output { [1, 3] }
-- input { [1, 2, 3] [0i64, 3i64] }
-- error: out of bounds

-- `i > n` lets i = n through.
entry upper_off_by_one [n] (xs: [n]i32) (is: []i64) : []i32 =
  map (\i -> if i < 0 || i > n then -1 else xs[i]) is

-- ==
-- entry: lower_off_by_one
-- input { [1, 2, 3] [1i64, 2i64] }
-- output { [1, 2] }
-- input { [1, 2, 3] [1i64, 0i64] }
-- error: out of bounds

-- `i != 0` is not tested: i - 1 is -1 for i = 0.
entry lower_off_by_one [n] (xs: [n]i32) (is: []i64) : []i32 =
  map (\i -> if i < 0 || i >= n then -1 else xs[i - 1]) is
