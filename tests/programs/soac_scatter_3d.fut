-- scatter_3d writes at triples of indices.
-- ==
-- input { 2i64 }
-- output { [[[0, 0], [0, 1]], [[2, 0], [0, 0]]] }
def main (k: i64) =
  let dest = replicate k (replicate k (replicate k 0))
  in scatter_3d dest [(0, 1, 1), (1, 0, 0), (2, 0, 0)] [1, 2, 3]
