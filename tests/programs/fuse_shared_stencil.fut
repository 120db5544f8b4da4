-- A map reading its producer's array at a neighbour's index (a stencil)
-- needs the whole array first: it must stay a kernel of its own (a
-- negative case of rewrite's fuse-vertical-shared).
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { [6i32, 10i32, 8i32] [2i32, 4i32, 6i32] }
-- structure gpu { SegMap 2 }

def main [n] (xs: [n]i32) : ([n]i32, [n]i32) =
  let ys = map (\x -> loop a = x for i < 2 do a + x * i32.i64 i) xs
  let zs = map (\i -> ys[i] + ys[(i + 1) % n]) (iota n)
  in (zs, ys)
