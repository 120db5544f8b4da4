-- Arrays of () (and of the empty record) hold only their shape: literals,
-- indexing, slices, branches and size parameters.
-- ==
-- input { 1i64 } output { 3i64 3i64 2i64 0i64 2i64 }
-- input { 0i64 } output { 3i64 2i64 2i64 0i64 2i64 }

def units = [(), (), ()]

def size [n] (_: [n]()) = n

def size2 [n] [m] (_: [n][m]{}) = (n, m)

def main (i: i64) =
  let xs = units
  let () = xs[i]
  let ys = if i > 0 then xs else [(), ()]
  let zs : [2][0]{} = [[], []]
  let (a, b) = size2 zs
  in (size xs, size ys, a, b, size xs[1:])
