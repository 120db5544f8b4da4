-- | Segmented operations.  A segment is described either by flags (a
-- true flag starts a new segment; the first element always starts one,
-- whatever its flag) or by the lengths of the segments.

-- | Inclusive scan within each segment.
def segmented_scan [n] 't (op: t -> t -> t) (ne: t) (flags: [n]bool) (vs: [n]t) : [n]t =
  zip flags vs
  |> scan (\(xf, x) (yf, y) -> (xf || yf, if yf then y else x `op` y)) (false, ne)
  |> map (.1)

-- | Reduction of each segment: one value per segment, in order.
def segmented_reduce [n] 't (op: t -> t -> t) (ne: t) (flags: [n]bool) (vs: [n]t) : []t =
  let scanned = segmented_scan op ne flags vs
  -- An element ends its segment if it is the last or the next starts one.
  let ends = map (\i -> i == n - 1 || flags[i + 1]) (iota n)
  let offsets = scan (+) 0 (map i64.bool ends)
  let num_segments = if n == 0 then 0 else offsets[n - 1]
  let dest = map2 (\e o -> if e then o - 1 else -1) ends offsets
  in scatter (replicate num_segments ne) dest scanned

-- | Element i of the result is the number of the segment it lies in,
-- for segments of the given lengths: `replicated_iota [2, 0, 3]` is
-- `[0, 0, 2, 2, 2]`.
def replicated_iota [n] (reps: [n]i64) : []i64 =
  let ends = scan (+) 0 reps
  let m = if n == 0 then 0 else ends[n - 1]
  let starts = map2 (-) ends reps
  -- Each non-empty segment marks its start with its number; a maximum
  -- scan fills the rest (segment numbers increase).
  let marks = scatter (replicate m 0) (map2 (\s r -> if r > 0 then s else -1) starts reps) (iota n)
  in scan i64.max 0 marks

-- | Index of each element within its segment.
def segmented_iota [n] (flags: [n]bool) : [n]i64 =
  map (\x -> x - 1) (segmented_scan (+) 0 flags (replicate n 1))

-- | Each value repeated as many times as its count says.
def segmented_replicate [n] 't (reps: [n]i64) (vs: [n]t) : []t =
  map (\i -> vs[i]) (replicated_iota reps)

-- | Expands every element into `sz x` elements, the j'th being `get x j`.
def expand 'a 'b (sz: a -> i64) (get: a -> i64 -> b) (xs: []a) : []b =
  let owners = replicated_iota (map sz xs)
  let flags = map2 (\k o -> k == 0 || o != owners[k - 1]) (indices owners) owners
  in map2 (\o j -> get xs[o] j) owners (segmented_iota flags)

-- | Segmented reductions over a numeric type, by the module's own
-- operators.
module mk_segmented_numeric (N: numeric) = {
  type t = N.t
  def segmented_sum [n] (flags: [n]bool) (vs: [n]t) : []t =
    segmented_reduce (N.+) (N.i32 0) flags vs
  def segmented_product [n] (flags: [n]bool) (vs: [n]t) : []t =
    segmented_reduce (N.*) (N.i32 1) flags vs
  def segmented_maximum [n] (flags: [n]bool) (vs: [n]t) : []t =
    segmented_reduce N.max N.lowest flags vs
  def segmented_prefix_sum [n] (flags: [n]bool) (vs: [n]t) : [n]t =
    segmented_scan (N.+) (N.i32 0) flags vs
}
