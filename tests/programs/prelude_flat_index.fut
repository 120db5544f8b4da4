-- flat_index_2d/3d/4d view a flat array with an offset and a size and a
-- stride per dimension.
-- ==
-- input { [0, 1, 2, 3, 4, 5, 6, 7] }
-- output { [[1, 2], [4, 5]] [[[0, 1], [2, 3]], [[4, 5], [6, 7]]] [[[[0, 2]], [[4, 6]]]] [[0, 4], [1, 5]] }

def main (xs: []i32) =
  ( flat_index_2d xs 1 2 3 2 1
  , flat_index_3d xs 0 2 4 2 2 2 1
  , flat_index_4d xs 0 1 8 2 4 1 1 2 2
  , flat_index_2d xs 0 2 1 2 4 )
