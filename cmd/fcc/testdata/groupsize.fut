-- Entry points of every kind of kernel, for TestGroupSizes: each is run
-- with work-groups of many sizes and element counts around them.
entry sum (xs: []i32) : i32 = reduce (+) 0 xs
entry prefix (xs: []i32) : []i32 = scan (+) 0 xs
entry rowsums (xss: [][]i32) : []i32 = map (\xs -> reduce (+) 0 xs) xss
entry rowprefix (xss: [][]i32) : [][]i32 = map (\xs -> scan (+) 0 xs) xss
entry histo (xs: []i32) : []i32 = hist (+) 0 10 (map (\x -> i64.i32 (x % 10)) xs) xs
entry inc (xs: []i32) : []i32 = map (+1) xs
entry matmul [n][m][p] (a: [n][m]i32) (b: [m][p]i32) : [n][p]i32 =
  map (\r -> map (\c -> reduce (+) 0 (map2 (*) r c)) (transpose b)) a
entry flip (xss: [][]i32) : [][]i32 = transpose xss
