-- Indexing a value whose type is not known yet makes it an array, as in
-- Futhark: unannotated parameters and polymorphic helpers.
-- ==
-- entry: main
-- input { [1f32, 2f32] 3f32 4f32 } output { 8f32 }

-- ==
-- entry: helpers
-- input { [[1, 2], [3, 4]] [true, false] } output { 3 false [3, 4] }

def sub xs (i: i64) = xs[i]

def corner m = m[1, 0]

def main arr x y : f32 = arr[0] + x + y

entry helpers (m: [][]i32) (bs: []bool) = (corner m, sub bs 1, sub m 1)
