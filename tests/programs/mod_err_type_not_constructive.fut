-- A size parameter used only inside a size expression cannot be known
-- from a value of the type (after Futhark's ascription-error7).
-- ==
-- error: Size parameter \[n\] of type abbreviation m.sum is not used constructively

module m
  : {
      type sum [n] [m]
    } = {
  type sum [n] [m] = [n + m]bool
}

def main (x: i32) = x
