-- An argument for a unique parameter may not share its array with
-- another argument of the same call, even through a name out of scope.
-- ==
-- error: :10:10: error: Argument is consumed, but aliases "t"

def upd (dst: *[]i32) (src: []i32) : i32 = let dst[0] = 1 in dst[0] + src[0]

def main (n: i64) : i32 =
  let (d, s) = (let t = map i32.i64 (iota n) in (t, t))
  in upd d s
