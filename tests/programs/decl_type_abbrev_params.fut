-- Type abbreviations with type and size parameters.
-- ==
-- input { [1, 2, 3] }
-- output { 6 3 }
type vec 't = [3]t
type pair 'a 'b = (a, b)
type arr [n] = [n]i32

def sum3 (v: vec i32) : i32 = v[0] + v[1] + v[2]
def mk (x: i32) : pair i32 i32 = (x, x)
def firstn [n] (a: arr [n]) : i32 = a[n - 1]

def main (xs: []i32) =
  let v = xs :> vec i32
  let p = mk (sum3 v)
  in (p.0, firstn xs)
