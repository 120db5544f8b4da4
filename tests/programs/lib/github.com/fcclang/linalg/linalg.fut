-- | Dense linear algebra over any numeric type, and the solvers that
-- need division over any real type.

-- | Operations that only need a ring.
module type linalg_numeric = {
  type t
  val dot [n]: [n]t -> [n]t -> t
  val matvec [n][m]: [n][m]t -> [m]t -> [n]t
  val matmul [n][p][m]: [n][p]t -> [p][m]t -> [n][m]t
  val transpose [n][m]: [n][m]t -> [m][n]t
  val outer [n][m]: [n]t -> [m]t -> [n][m]t
  val identity: (n: i64) -> [n][n]t
  val trace [n]: [n][n]t -> t
  val matpow [n]: [n][n]t -> i64 -> [n][n]t
}

module mk_linalg_numeric (T: numeric) : linalg_numeric with t = T.t = {
  type t = T.t
  def dot [n] (xs: [n]t) (ys: [n]t) : t = T.sum (map2 (T.*) xs ys)
  def matvec [n][m] (a: [n][m]t) (v: [m]t) : [n]t = map (\row -> dot row v) a
  def matmul [n][p][m] (a: [n][p]t) (b: [p][m]t) : [n][m]t =
    map (\row -> map (\col -> dot row col) (transpose b)) a
  -- Not recursive: the body's transpose is the prelude's.
  def transpose [n][m] (a: [n][m]t) : [m][n]t = transpose a
  def outer [n][m] (xs: [n]t) (ys: [m]t) : [n][m]t =
    map (\x -> map (\y -> x T.* y) ys) xs
  def identity (n: i64) : [n][n]t =
    tabulate_2d n n (\i j -> if i == j then T.i32 1 else T.i32 0)
  def trace [n] (a: [n][n]t) : t = T.sum (map (\i -> a[i, i]) (iota n))
  -- By repeated squaring; a negative power gives the identity.
  def matpow [n] (a: [n][n]t) (k: i64) : [n][n]t =
    let (r, _, _) =
      loop (r, s, k) = (identity n, a, k) while k > 0 do
        ((if k % 2 == 1 then matmul r s else r), matmul s s, k / 2)
    in r
}

-- | Solvers over a real type, with everything of `linalg_numeric`.
module mk_linalg (T: real) = {
  open mk_linalg_numeric T

  -- The row at or below k whose entry in column k is largest in
  -- magnitude (the first such), for partial pivoting.
  local def pivot_row [n] (a: [n][n]t) (k: i64) : i64 =
    let cand i = (if i >= k then T.abs a[i, k] else T.neg (T.i32 1), i)
    let better (x, i) (y, j) = if x T.>= y then (x, i) else (y, j)
    in (reduce better (T.neg (T.i32 2), -1) (map cand (iota n))).1

  local def swap_rows [n] 'a (k: i64) (p: i64) (xs: [n]a) : [n]a =
    map (\i -> if i == k then xs[p] else if i == p then xs[k] else xs[i]) (iota n)

  -- | Solves a x = b by Gauss-Jordan elimination with partial
  -- pivoting.  A singular system gives infinities or NaNs.
  def solve [n] (a: [n][n]t) (b: [n]t) : [n]t =
    let (_, x) =
      loop (a, b) = (a, b) for k < n do
        let p = pivot_row a k
        let a = swap_rows k p a
        let b = swap_rows k p b
        let piv = a[k, k]
        let factor i = a[i, k] T./ piv
        let a' = map (\i -> if i == k
                            then map (\x -> x T./ piv) a[k]
                            else map2 (\x y -> T.(x - factor i * y)) a[i] a[k])
                     (iota n)
        let b' = map (\i -> if i == k then b[k] T./ piv else T.(b[i] - factor i * b[k]))
                     (iota n)
        in (a', b')
    in x

  -- | The inverse, one solved system per column.
  def inv [n] (a: [n][n]t) : [n][n]t = transpose (map (solve a) (identity n))

  -- | The determinant, by elimination with partial pivoting.
  def det [n] (a: [n][n]t) : t =
    let (_, d) =
      loop (a, d) = (a, T.i32 1) for k < n do
        let p = pivot_row a k
        let a = swap_rows k p a
        let piv = a[k, k]
        let d = if p == k then d T.* piv else T.neg (d T.* piv)
        let factor i = if piv T.== T.i32 0 then T.i32 0 else a[i, k] T./ piv
        let a' = map (\i -> if i <= k then a[i]
                            else map2 (\x y -> T.(x - factor i * y)) a[i] a[k])
                     (iota n)
        in (a', d)
    in d

  -- | Doolittle LU decomposition without pivoting: a = l u with l unit
  -- lower triangular and u upper triangular.  Every leading principal
  -- minor of a must be non-zero.
  def lu [n] (a: [n][n]t) : ([n][n]t, [n][n]t) =
    loop (l, u) = (identity n, a) for k < n do
      let factor i = if i > k then u[i, k] T./ u[k, k] else T.i32 0
      let u' = map (\i -> if i > k
                          then map2 (\x y -> T.(x - factor i * y)) u[i] u[k]
                          else u[i])
                   (iota n)
      let l' = tabulate_2d n n (\i j -> if j == k && i > k then factor i else l[i, j])
      in (l', u')
}
