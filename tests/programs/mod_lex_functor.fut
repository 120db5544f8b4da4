-- A functor of two ordered modules giving the lexicographic order of
-- pairs, applied to i32 and f64 in the argument of the library's merge
-- sort functor (a functor application as a functor's argument).
-- ==
-- input { empty([0]i32) empty([0]f64) }
-- output { empty([0]i32) empty([0]f64) }
-- input { [1] [0.5f64] }
-- output { [1] [0.5f64] }
-- input { [2, 1, 2, 1, 0] [0.5f64, 3.0f64, -1.0f64, 2.0f64, 9.0f64] }
-- output { [0, 1, 1, 2, 2] [9.0f64, 2.0f64, 3.0f64, -1.0f64, 0.5f64] }
-- input { [0, 3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0] [0.0f64, 0.8414709848078965f64, 0.90929742682568171f64, 0.14112000805986721f64, -0.7568024953079282f64, -0.95892427466313845f64, -0.27941549819892586f64, 0.65698659871878906f64, 0.98935824662338179f64, 0.41211848524175659f64, -0.54402111088936977f64, -0.99999020655070348f64, -0.53657291800043494f64] }
-- output { [0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3] [-0.7568024953079282f64, -0.53657291800043494f64, 0.0f64, 0.98935824662338179f64, -0.99999020655070348f64, 0.14112000805986721f64, 0.65698659871878906f64, -0.54402111088936977f64, -0.27941549819892586f64, 0.90929742682568171f64, -0.95892427466313845f64, 0.41211848524175659f64, 0.8414709848078965f64] }

import "lib/github.com/fcclang/sorts/sort"
import "lib/github.com/fcclang/sorts/merge_sort"

module lex (A: ordered) (B: ordered) : ordered with t = (A.t, B.t) = {
  type t = (A.t, B.t)
  def (x: t) <= (y: t) : bool =
    if x.0 A.<= y.0 && y.0 A.<= x.0 then x.1 B.<= y.1 else x.0 A.<= y.0
}

module sorter = mk_merge_sort (lex i32 f64)

def main [n] (xs: [n]i32) (ys: [n]f64) : ([n]i32, [n]f64) = unzip (sorter.sort (zip xs ys))
