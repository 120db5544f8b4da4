-- foldl with an accumulator of a different type than the elements.
-- ==
-- input { [true, false, true, true] }
-- output { 3i64 }
def main (bs: []bool) = foldl (\acc b -> if b then acc + 1 else acc) 0i64 bs
