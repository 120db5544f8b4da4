-- intrinsics.flat_index_2d and Futhark's other flat views and updates
-- of the intrinsics module are the prelude's definitions, also where a
-- local definition has the same name; inside a map, a view's size may
-- come from the mapped element.
-- ==
-- input { [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64] [1i64, 2i64, 3i64] }
-- output { [1i64, 4i64, 9i64] [[0i64, 2i64], [4i64, 6i64]] [[[1i64]], [[5i64]]]
--          [9i64, 1i64, 8i64, 3i64, 4i64, 5i64, 6i64, 7i64] 42i64 }

def main (xs: []i64) (ns: []i64) =
  let flat_index_2d (_: i64) = 42i64
  let sums = map (\n -> i64.sum (map i64.sum (intrinsics.flat_index_2d xs 0 n 1 2 1))) ns
  in ( sums
     , intrinsics.flat_index_2d xs 0 2 4 2 2
     , intrinsics.flat_index_3d xs 1 2 4 1 1 1 1
     , intrinsics.flat_update_2d (copy xs) 0 2 1 [[9], [8]]
     , flat_index_2d 0 )
