-- A map's results feed a scan, and a later screma reads both the scan's
-- result and another of the map's results. Vertical fusion may fuse the
-- map into the scan, but not the later screma: it reads a scanned array,
-- whose elements are not known one at a time (fusing it left a screma
-- reading its own result, reported as "tiling produced invalid IR:
-- scan_N: not in scope").
-- ==
-- entry: nested
-- input { [1, 2] [1, 2, 3] } output { [35, 90] }
-- input { empty([0]i32) [1, 2, 3] } output { empty([0]i32) }
-- input { [1, 2] empty([0]i32) } output { [0, 0] }

entry nested [n][m] (xs: [n]i32) (ys: [m]i32) : [n]i32 =
  map (\x -> let (bs, cs) = unzip (map (\y -> (y * x, y + x)) ys)
             let ds = scan (+) 0 bs
             in reduce (+) 0 (map2 (*) ds cs)) xs

-- ==
-- entry: top
-- input { [1, 2, 3] } output { [4, 18, 48] 70 [4, 13, 29] }

entry top [m] (ys: [m]i32) : ([m]i32, i32, [m]i32) =
  let (bs, cs) = unzip (map (\y -> (y * 2, y + 1)) ys)
  let ds = scan (+) 0 bs
  in (map2 (*) ds cs, reduce (+) 0 (map2 (*) ds cs), scan (+) 0 (map2 (+) ds cs))

-- The same in a loop's body, with the scan's input also the consumer's.
-- ==
-- entry: looped
-- input { 2 [1, 2, 3] } output { [10, 23, 42] }

entry looped [m] (k: i32) (ys: [m]i32) : [m]i32 =
  loop ys for _i < k do
    let bs = map (+ 1) ys
    let ds = scan (+) 0 bs
    in map2 (+) ds bs
