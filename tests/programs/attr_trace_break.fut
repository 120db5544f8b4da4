-- #[trace] and #[break] do not change values (frontend/attributes.go):
-- fcc run prints traced values on standard error, compiled code ignores
-- both, inside kernels too; other documented attributes are accepted.
-- ==
-- input { [1, 2, 3] }
-- output { 6i32 [7i32, 8i32, 9i32] [2i32, 4i32, 6i32] }

def main (xs: []i32) =
  let s = #[trace] reduce (+) 0 xs
  let p = #[trace(pair)] (s, xs)
  let ys = #[break] map (+ p.0) xs
  let zs = #[unsafe] #[sequential] map (\x -> #[trace(elem)] (x * 2)) xs
  in (s, ys, zs)
