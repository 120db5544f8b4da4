-- A histogram of the constructors of an array of sums: the tag chosen by
-- a match gives the bin.
-- ==
-- input { [1f32, -2f32, 0f32, 3f32, -1f32, 0f32, 0f32] } output { [2, 3, 2] }

type sign = #neg | #zero | #pos

def sign (x: f32) : sign = if x < 0 then #neg else if x == 0 then #zero else #pos

def bin (s: sign) : i64 = match s case #neg -> 0 case #zero -> 1 case #pos -> 2

def main (xs: []f32) : [3]i32 =
  hist (+) 0 3 (map (bin <-< sign) xs) (map (const 1) xs)
