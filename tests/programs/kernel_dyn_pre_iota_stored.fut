-- A size the kernel computes from the mapped element, first the size of
-- an iota read an element at a time and then of arrays the work-item
-- stores (a map of that iota, flattened), is bounded by a pre-pass.
-- ==
-- input { [1i64, 3i64, 0i64, 2i64] }
-- output { [0i64, 9i64, 0i64, 3i64] }

def main (ns: []i64) =
  map (\n -> let ys = opaque (map (\i -> [i * 2, i]) (iota n)) in i64.sum (flatten ys)) ns
