-- A partial application of a function with a unique parameter would
-- consume the array at each of its calls.
-- ==
-- error: contains consumption

def set_first (xs: *[]f32) (v: f32) : *[]f32 = xs with [0] = v

def main (data: *[]f32) =
  let setter = set_first data
  in setter 1.0
