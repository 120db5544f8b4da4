-- Top-level reductions and scans whose operators are over arrays. An
-- elementwise operator with a replicated neutral element is interchanged
-- (flattening's G5 for reductions, rewrite/interchange_scan.go for scans)
-- into a segmented operation over the columns; a general operator runs in
-- backend/kcoverage.go: a flat reduction in chunks (one work-item each)
-- and then over the partial results, a scan or a segmented reduction with
-- one work-item per segment.
-- ==
-- entry: vsum vscan mprod mscan bigrow
-- input { empty([0][4]i32) } auto output
-- input { [[1,2,3,4]] } auto output
-- input { [[1,2,3,4],[0,1,1,0],[2,0,0,2]] } auto output
-- compiled random input { [1001][4]i32 } auto output
-- compiled random input { [100003][4]i32 } auto output

entry vsum [n][k] (xss: [n][k]i32) : [k]i32 = reduce (map2 (+)) (replicate k 0) xss

entry vscan [n][k] (xss: [n][k]i32) : [n][k]i32 = scan (map2 (+)) (replicate k 0) xss

def mm (a: [4]i32) (b: [4]i32) : [4]i32 =
  [a[0]*b[0] + a[1]*b[2], a[0]*b[1] + a[1]*b[3],
   a[2]*b[0] + a[3]*b[2], a[2]*b[1] + a[3]*b[3]]

entry mprod [n] (xss: [n][4]i32) : [4]i32 = reduce mm [1, 0, 0, 1] (map (map (% 3)) xss)

entry mscan [n] (xss: [n][4]i32) : [n][4]i32 = scan mm [1, 0, 0, 1] (map (map (% 3)) xss)

entry bigrow [n] (xss: [n][4]i32) : ([4]i32, i32) =
  reduce (\(a, x) (b, y) -> if i32.sum b > i32.sum a then (b, y) else (a, x))
         ([0, 0, 0, 0], -1) (zip xss (map i32.i64 (iota n)))

-- Segmented: a reduction of matrices per row of a three-dimensional array.
-- ==
-- entry: segprod segscan
-- input { empty([0][3][4]i32) } auto output
-- input { [[[1,2,3,4],[0,1,1,0],[2,0,0,2]],[[1,1,0,1],[-1,0,2,3],[3,2,1,0]]] } auto output
-- compiled random input { [9][7][4]i32 } auto output

entry segprod [n][m] (xsss: [n][m][4]i32) : [n][4]i32 =
  map (\xss -> reduce mm [1, 0, 0, 1] xss) (map (map (map (% 3))) xsss)

entry segscan [n][m] (xsss: [n][m][4]i32) : [n][m][4]i32 =
  map (\xss -> scan mm [1, 0, 0, 1] xss) (map (map (map (% 3))) xsss)
