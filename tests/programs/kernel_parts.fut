-- A map whose results fall into independent parts (issue 22, LU's row
-- and column panels fused into one map): the lowering gives each part
-- of each point a work-item of its own (points ... parts [0] [1]), the
-- straight-line statements both parts need computed by both. Empty
-- spaces, one point, sizes that do not divide the work-group, a part of
-- two results, and an array result.
-- ==
-- entry: two
-- input { 0i64 5i64 } auto output
-- input { 1i64 5i64 } auto output
-- input { 37i64 9i64 } auto output
-- compiled input { 1000i64 70i64 } auto output

-- ==
-- entry: three
-- input { 0i64 4i64 } auto output
-- input { 5i64 3i64 } auto output
-- compiled input { 333i64 17i64 } auto output

-- Two loops per point, each its own part, sharing the point's index
-- arithmetic.
entry two (n: i64) (m: i64) : ([n]f32, [n]i64) =
  unzip (map (\j ->
                let base = j * 3 + 1
                let a = loop a = f32.i64 base for i < m do a * 0.5 + f32.i64 (i + j)
                let b = loop b = base for i < m do (b * 7 + i) % 1000003
                in (a, b))
             (iota n))

-- Three results in two parts: the first two from one loop, the third
-- an array from another.
entry three (n: i64) (m: i64) : ([n]i64, [n]i64, [n][3]i64) =
  unzip3 (map (\j ->
                 let (s, t) = loop (s, t) = (j, 1) for i < m do (s + t * i, (t * 3) % 101)
                 let arr = loop arr = [j, j + 1, j + 2] for i < m do map (\x -> (x * 5 + i) % 977) arr
                 in (s, t, arr))
              (iota n))
