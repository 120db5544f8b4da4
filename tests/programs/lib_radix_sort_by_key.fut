-- sort_by_key of the radix sort functor sorts records by one field and is
-- stable: equal keys keep their order (the payloads show it).
-- ==
-- input { empty([0]i32) empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) }
-- input { [7] [1] }
-- output { [7] [1] }
-- input { [3, 1, 3, -2, 1, 0, -2, 3] [0, 1, 2, 3, 4, 5, 6, 7] }
-- output { [-2, -2, 0, 1, 1, 3, 3, 3] [3, 6, 5, 1, 4, 0, 2, 7] }
-- input { [-1, 0, 1, -1, 0, 1, -1, 0, 1, -1] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }
-- output { [-1, -1, -1, -1, 0, 0, 0, 1, 1, 1] [0, 3, 6, 9, 1, 4, 7, 2, 5, 8] }

import "lib/github.com/fcclang/sorts/radix_sort"

module sort_i32 = mk_radix_sort i32

type item = {key: i32, payload: i32}

def main [n] (keys: [n]i32) (payloads: [n]i32) : ([n]i32, [n]i32) =
  let items = map2 (\k p -> {key = k, payload = p}) keys payloads
  let sorted = sort_i32.sort_by_key (.key) items
  in (map (.key) sorted, map (.payload) sorted)
