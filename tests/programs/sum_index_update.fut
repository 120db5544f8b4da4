-- Indexing and in-place updates of an array of sum values.
-- ==
-- input { 1i64 } output { [10, 7, 30] }

type t = #num i32 | #blank

def main (i: i64) : []i32 =
  let xs : *[]t = [#num 10, #blank, #num 30]
  let xs[i] = #num 7
  in map (\x -> match x
                case #num n -> n
                case #blank -> -1) xs
