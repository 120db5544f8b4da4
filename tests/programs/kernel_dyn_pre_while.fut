-- An array grown by concatenation in a while loop inside a loop of the
-- work-item (as Futhark's flattening/concat/nonuniform): its size is a
-- loop parameter, whose largest value the pre-pass finds by running the
-- loop without the array. Zero iterations, and a work-item whose array
-- grows past every other's.
-- ==
-- input { [1i64, 2i64, 3i64] 3i64 }
-- output { [3i64, 6i64, 12i64] }
-- input { [0i64, 1000i64, 5i64] 2i64 }
-- output { [2i64, 2048i64, 16i64] }
-- input { [7i64] 0i64 }
-- output { [0i64] }
def main (ns: []i64) (k: i64) : []i64 =
  map (\n ->
         loop acc = 0
         for _i < k do
           let res = loop arr = [1i64] while length arr < n do arr ++ arr
           in acc + res[0] + length res - 1)
      ns
