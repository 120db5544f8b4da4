-- Scans, reductions and histograms over arrays inside a kernel
-- (backend/kcoverage.go): a work-item runs them sequentially with array
-- accumulators in its scratch memory. Operators: elementwise sums, the
-- product of 2x2 matrices (associative, not commutative) and the row with
-- the largest sum (an operator returning one of its parameters).
-- ==
-- entry: vsum vscan mprod mscan bigrow
-- input { empty([0][3][4]i32) } auto output
-- input { empty([2][0][4]i32) } auto output
-- input { [[[1,2,3,4]]] } auto output
-- input { [[[1,2,3,4],[0,1,1,0],[2,0,0,2]],[[1,1,0,1],[-1,0,2,3],[3,2,1,0]]] } auto output
-- compiled random input { [5][7][4]i32 } auto output

entry vsum [n][m][k] (xsss: [n][m][k]i32) : [n][k]i32 =
  map (\xss -> reduce (map2 (+)) (replicate k 0) xss) xsss

entry vscan [n][m][k] (xsss: [n][m][k]i32) : [n][m][k]i32 =
  map (\xss -> scan (map2 (+)) (replicate k 0) xss) xsss

def mm (a: [4]i32) (b: [4]i32) : [4]i32 =
  [a[0]*b[0] + a[1]*b[2], a[0]*b[1] + a[1]*b[3],
   a[2]*b[0] + a[3]*b[2], a[2]*b[1] + a[3]*b[3]]

entry mprod [n][m] (xsss: [n][m][4]i32) : [n][4]i32 =
  map (\xss -> reduce mm [1, 0, 0, 1] (map (map (% 3)) xss)) xsss

entry mscan [n][m] (xsss: [n][m][4]i32) : [n][m][4]i32 =
  map (\xss -> scan mm [1, 0, 0, 1] (map (map (% 3)) xss)) xsss

entry bigrow [n][m] (xsss: [n][m][4]i32) : [n][4]i32 =
  map (\xss -> reduce (\a b -> if i32.sum b > i32.sum a then b else a) [0, 0, 0, 0] xss) xsss

-- ==
-- entry: vhist
-- input { empty([0][3]i64) empty([0][3][2]i32) } output { empty([0][3][2]i32) }
-- input { [[0i64, 2i64, 0i64, 5i64, -1i64]] [[[1,2],[3,4],[5,6],[7,8],[9,9]]] }
-- output { [[[6,8],[7,8],[3,4]]] }
-- compiled random input { [5][9]i64 [5][9][2]i32 } auto output

entry vhist [n][m] (iss: [n][m]i64) (vss: [n][m][2]i32) : [n][3][2]i32 =
  map2 (\is vs -> hist (map2 (+)) (replicate 2 0) 3 (map (% 4) is) vs) iss vss

-- ==
-- entry: mhist
-- input { [[0i64, 1i64, 0i64]] [[[1,1,0,1],[2,0,0,2],[1,0,1,1]]] }
-- output { [[[1,1,0,1],[2,0,0,2]]] }
-- compiled random input { [3][11]i64 [3][11][4]i32 } auto output

-- The larger row in the lexicographic order of rows of digits 0..2: an
-- operator that is commutative, as a histogram's must be, and returns one
-- of its parameters.
def maxrow (a: [4]i32) (b: [4]i32) : [4]i32 =
  let key (r: [4]i32) = r[0] * 27 + r[1] * 9 + r[2] * 3 + r[3]
  in if key b > key a then b else a

entry mhist [n][m] (iss: [n][m]i64) (vss: [n][m][4]i32) : [n][2][4]i32 =
  map2 (\is vs -> hist maxrow [0, 0, 0, 0] 2 (map (% 2) is) (map (map (% 3)) vs)) iss vss
