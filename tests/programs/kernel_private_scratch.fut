-- Per-work-item arrays of a size known only at run time (issue 22, LU's
-- panels): the lowering gives the map a version with them in private
-- memory (scratch "private" cap 64), which the host launches when every
-- array holds at most 64 elements, and the global-scratch version
-- otherwise. Sizes on both sides of the cap (0, 1, 64, 65, 200), a
-- two-dimensional array whose sides fit but whose product does not
-- (8 x 9), and blocked LU at blocks of 1, 4, 8 and 32.
-- ==
-- entry: subst
-- input { 5i64 0i64 } auto output
-- input { 3i64 1i64 } auto output
-- input { 37i64 64i64 } auto output
-- input { 37i64 65i64 } auto output
-- compiled input { 300i64 200i64 } auto output

-- ==
-- entry: grid
-- input { 9i64 8i64 8i64 } auto output
-- input { 9i64 8i64 9i64 } auto output
-- input { 2i64 1i64 64i64 } auto output

-- ==
-- entry: lud
-- input { 7i64 } auto output
-- input { 12i64 } auto output
-- input { 40i64 } auto output
-- compiled input { 96i64 } auto output

-- A unit lower triangular system per point, solved in place by forward
-- substitution: the loop carries the point's array of m elements.
entry subst (n: i64) (m: i64) : [n]f32 =
  map (\j ->
         let y = loop y = tabulate m (\i -> f32.i64 (i + j) / 8) for i < m do
                   let s = loop s = 0f32 for q < i do s + y[q] / f32.i64 (1 + i + q)
                   in y with [i] = y[i] - s
         in f32.sum y)
      (iota n)

-- A point's a x b grid, relaxed row by row in place.
entry grid (n: i64) (a: i64) (b: i64) : [n]i64 =
  map (\j ->
         let g = loop g = tabulate_2d a b (\r c -> r * b + c + j) for r in 1..<a do
                   g with [r] = map2 (+) g[r] g[r - 1]
         in i64.sum (flatten g))
      (iota n)

def block_size (n: i64) : i64 =
  loop b = 32 while n % b != 0 do b / 2

def lu_block [b] (blk: [b][b]f32) : [b][b]f32 =
  loop blk for k < b do
    let piv = blk[k, k]
    in tabulate_2d b b (\i j ->
         let x = blk[i, j]
         in if i <= k || j < k then x
            else if j == k then x / piv
            else x - blk[i, k] / piv * blk[k, j])

-- bench/apps/lud.fut's factorisation of a diagonally dominant matrix.
entry lud (n: i64) : [n][n]f32 =
  let a = tabulate_2d n n (\i j -> f32.i64 ((i * 7 + j * 3) % 11) / 11 + if i == j then f32.i64 n else 0)
  let b = block_size n
  in loop a for s < n / b do
       let k = s * b
       let d = lu_block (tabulate_2d b b (\i j -> a[k + i, k + j]))
       let u12 =
         transpose (tabulate n (\j ->
           loop y = tabulate b (\i -> a[k + i, j]) for i < b do
             let s = loop s = 0f32 for q < i do s + d[i, q] * y[q]
             in y with [i] = y[i] - s))
       let l21 =
         tabulate n (\i ->
           loop x = tabulate b (\j -> a[i, k + j]) for j < b do
             let s = loop s = 0f32 for q < j do s + x[q] * d[q, j]
             in x with [j] = (x[j] - s) / d[j, j])
       in tabulate_2d n n (\i j ->
            if i < k || j < k then a[i, j]
            else if i < k + b && j < k + b then d[i - k, j - k]
            else if i < k + b then u12[i - k, j]
            else if j < k + b then l21[i, j - k]
            else a[i, j] - (loop acc = 0f32 for q < b do acc + l21[i, q] * u12[q, j]))
