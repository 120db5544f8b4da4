-- Parallel scans (backend/segscan.go): the commutative fast path, a
-- non-commutative tuple operator (composition of affine maps), map-out
-- results, and sizes around the work-group (256) and tile (256 * chunk)
-- sizes, at one or several tiles per work-group.
-- ==
-- entry: plus affine withmap
-- input { empty([0]i32) } auto output
-- input { [7] } auto output
-- compiled random input { [255]i32 } auto output
-- compiled random input { [256]i32 } auto output
-- compiled random input { [257]i32 } auto output
-- compiled random input { [2047]i32 } auto output
-- compiled random input { [4095]i32 } auto output
-- compiled random input { [4096]i32 } auto output
-- compiled random input { [4097]i32 } auto output
-- compiled random input { [100003]i32 } auto output

entry plus (xs: []i32) : []i32 = scan (+) 0 xs

-- (a, b) stands for x -> a*x + b; the operator composes, first the left.
def comp (a1: i32, b1: i32) (a2: i32, b2: i32) : (i32, i32) = (a1 * a2, b1 * a2 + b2)

entry affine (xs: []i32) : ([]i32, []i32) =
  unzip (scan comp (1, 0) (map (\x -> (x % 5 - 2, x)) xs))

-- A scan whose body also has a map result.
entry withmap (xs: []i32) : ([]i32, []i64) =
  let ys = map (\x -> x * 3) xs
  -- The last non-zero element: associative, not commutative.
  let s = scan (\a b -> if b % 4 == 0 then a else b) 0 ys
  in (s, map i64.i32 ys)

-- ==
-- entry: segplus segaffine
-- input { empty([0][3]i32) } auto output
-- input { empty([3][0]i32) } auto output
-- input { [[7]] } auto output
-- compiled random input { [1][5000]i32 } auto output
-- compiled random input { [3][4097]i32 } auto output
-- compiled random input { [1000][1]i32 } auto output
-- compiled random input { [777][3]i32 } auto output
-- compiled random input { [100][257]i32 } auto output
-- compiled random input { [20][1000]i32 } auto output
-- compiled random input { [2][30001]i32 } auto output

entry segplus (xss: [][]i32) : [][]i32 = map (scan (+) 0) xss

entry segaffine (xss: [][]i32) : [][]i32 =
  map (\xs -> let (as, bs) = unzip (scan comp (1, 0) (map (\x -> (x % 3 - 1, x)) xs))
              in map2 (+) as bs) xss

-- ==
-- entry: seg3 boolor
-- compiled random input { [3][5][77]i32 } auto output
-- compiled random input { [2][1][4097]i32 } auto output

entry seg3 (xsss: [][][]i32) : [][][]i32 = map (map (scan (+) 0)) xsss

entry boolor (xsss: [][][]i32) : [][][]bool =
  map (map (\xs -> scan (||) false (map (\x -> x % 17 == 0) xs))) xsss
