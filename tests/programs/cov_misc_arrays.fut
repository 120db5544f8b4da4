-- More constructs over arrays (backend/kcoverage.go): top-level
-- histograms with operators over vectors (elementwise, and one returning
-- a parameter), a two-dimensional scatter inside a kernel, and a scan
-- and a reduction of 2x2 matrices over the same array.
-- ==
-- entry: vhist rowhist
-- input { empty([0]i64) empty([0][4]i32) } output { [[0,0,0,0],[0,0,0,0],[0,0,0,0]] }
-- input { [1i64] [[1,2,0,1]] } output { [[0,0,0,0],[1,2,0,1],[0,0,0,0]] }
-- compiled random input { [1001]i64 [1001][4]i32 } auto output

entry vhist [n] (is: [n]i64) (vs: [n][4]i32) : [3][4]i32 =
  hist (map2 (+)) (replicate 4 0) 3 (map (% 4) is) (map (map (% 3)) vs)

-- The larger row in the lexicographic order of rows of digits 0..2.
def maxrow (a: [4]i32) (b: [4]i32) : [4]i32 =
  let key (r: [4]i32) = r[0] * 27 + r[1] * 9 + r[2] * 3 + r[3]
  in if key b > key a then b else a

entry rowhist [n] (is: [n]i64) (vs: [n][4]i32) : [3][4]i32 =
  hist maxrow [0, 0, 0, 0] 3 (map (% 4) is) (map (map (% 3)) vs)

-- ==
-- entry: scatter2d
-- input { empty([0][2]i64) empty([0][2]i32) } output { empty([0][4][3]i32) }
-- input { [[7i64, 4i64]] [[5, 6]] } output { [[[0,0,0],[0,0,0],[0,5,0],[0,0,0]]] }
-- compiled random input { [9][13]i64 [9][13]i32 } auto output

entry scatter2d [n][k] (is: [n][k]i64) (vs: [n][k]i32) : [n][4][3]i32 =
  map2 (\is vs -> scatter_2d (replicate 4 (replicate 3 0)) (map (\i -> (i % 5, i % 3)) is) vs) is vs

def mm (a: [4]i32) (b: [4]i32) : [4]i32 =
  [a[0]*b[0] + a[1]*b[2], a[0]*b[1] + a[1]*b[3],
   a[2]*b[0] + a[3]*b[2], a[2]*b[1] + a[3]*b[3]]

-- ==
-- entry: scanred
-- input { empty([0][4]i32) } auto output
-- input { [[1,2,3,4]] } auto output
-- compiled random input { [777][4]i32 } auto output

entry scanred [n] (xss: [n][4]i32) : ([n][4]i32, [4]i32) =
  let ys = map (map (% 3)) xss
  in (scan mm [1, 0, 0, 1] ys, reduce mm [1, 0, 0, 1] ys)

-- General operators over vectors of a size given at run time: the row
-- with the largest sum so far, at the top level and inside a kernel.
-- ==
-- entry: bigscan bigred
-- input { empty([0][3]i32) } auto output
-- input { empty([3][0]i32) } auto output
-- input { [[1,2,3]] } auto output
-- input { [[1,2,3],[4,-5,6],[0,9,-1],[2,2,2]] } auto output
-- compiled random input { [501][5]i32 } auto output

def bigger [k] (a: [k]i32) (b: [k]i32) : [k]i32 = if i32.sum b > i32.sum a then b else a

entry bigscan [n][k] (xss: [n][k]i32) : [n][k]i32 = scan bigger (replicate k 0) xss

entry bigred [n][k] (xss: [n][k]i32) : [k]i32 = reduce bigger (replicate k 0) xss

-- ==
-- entry: segbigscan segbigred
-- input { empty([0][2][3]i32) } auto output
-- input { [[[1,2,3],[4,-5,6],[0,9,-1]],[[2,2,2],[-1,-1,-1],[3,3,3]]] } auto output
-- compiled random input { [7][9][5]i32 } auto output

entry segbigscan [n][m][k] (xsss: [n][m][k]i32) : [n][m][k]i32 =
  map (\xss -> scan bigger (replicate k 0) xss) xsss

entry segbigred [n][m][k] (xsss: [n][m][k]i32) : [n][k]i32 =
  map (\xss -> reduce bigger (replicate k 0) xss) xsss
