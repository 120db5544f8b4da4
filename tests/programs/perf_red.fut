-- Reductions (backend/segred.go): the unrolled stage 1 of commutative
-- reductions, non-commutative and tuple operators, map-out results, and
-- segmented reductions for the team kernel (segments of up to 1024
-- elements, a power-of-two team each) and the group kernels beyond.
-- ==
-- entry: sum affine withmap
-- input { empty([0]i32) } auto output
-- input { [7] } auto output
-- compiled random input { [255]i32 } auto output
-- compiled random input { [256]i32 } auto output
-- compiled random input { [257]i32 } auto output
-- compiled random input { [1023]i32 } auto output
-- compiled random input { [1025]i32 } auto output
-- compiled random input { [100003]i32 } auto output

entry sum (xs: []i32) : i32 = reduce (+) 0 xs

-- (a, b) stands for x -> a*x + b; the operator composes, first the left.
def comp (a1: i32, b1: i32) (a2: i32, b2: i32) : (i32, i32) = (a1 * a2, b1 * a2 + b2)

entry affine (xs: []i32) : (i32, i32) =
  reduce comp (1, 0) (map (\x -> (x % 5 - 2, x)) xs)

entry withmap (xs: []i32) : (i32, []i32) =
  let ys = map (\x -> x * 3 + 1) xs
  in (reduce (+) 0 ys, ys)

-- ==
-- entry: segsum segaffine segmax
-- input { empty([0][3]i32) } auto output
-- input { empty([3][0]i32) } auto output
-- input { [[7]] } auto output
-- compiled random input { [1000][1]i32 } auto output
-- compiled random input { [333][15]i32 } auto output
-- compiled random input { [333][16]i32 } auto output
-- compiled random input { [100][100]i32 } auto output
-- compiled random input { [30][1000]i32 } auto output
-- compiled random input { [7][1024]i32 } auto output
-- compiled random input { [7][1025]i32 } auto output
-- compiled random input { [3][5000]i32 } auto output
-- compiled random input { [1][70001]i32 } auto output

entry segsum (xss: [][]i32) : []i32 = map (reduce (+) 0) xss

entry segaffine (xss: [][]i32) : []i32 =
  map (\xs -> let (a, b) = reduce comp (1, 0) (map (\x -> (x % 3 - 1, x)) xs)
              in a + b) xss

entry segmax (xss: [][]i32) : ([]i32, []i64) =
  unzip (map (\xs -> (i32.maximum xs, i64.sum (map i64.i32 xs))) xss)

-- ==
-- entry: seg3
-- compiled random input { [3][5][77]i32 } auto output
-- compiled random input { [2][3][2000]i32 } auto output

entry seg3 (xsss: [][][]i32) : [][]i32 = map (map (reduce (+) 0)) xsss
