-- Entry points for TestRepeatedRunsReuseInputs: one consumes its argument
-- (updates it in place), one returns its argument itself.
entry bump (xs: *[]i32) : []i32 = xs with [0] = xs[0] + 1

entry same (xs: []i32) : []i32 = xs

entry both (xs: []i32) (ys: *[]i32) : ([]i32, []i32) = (xs, ys with [1] = ys[1] * 2)
