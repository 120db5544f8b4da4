-- flat_update_2d/3d/4d write a multi-dimensional array into a flat one
-- at an offset with strides.
-- ==
-- input { [0, 0, 0, 0, 0, 0, 0, 0] }
-- output { [9, 8, 0, 7, 6, 0, 0, 0] [1, 1, 2, 2, 3, 3, 4, 4] [0, 5, 0, 0, 0, 0, 0, 0] }

def main (xs: []i32) =
  ( flat_update_2d (copy xs) 0 3 1 [[9, 8], [7, 6]]
  , flat_update_3d (copy xs) 0 4 2 1 [[[1, 1], [2, 2]], [[3, 3], [4, 4]]]
  , flat_update_4d (copy xs) 1 8 4 2 1 [[[[5]]]] )
