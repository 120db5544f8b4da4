-- A for-in loop reads the array it iterates over in every iteration, so
-- its consumed initial value may not alias that array.
-- ==
-- error: :7:14: error: Argument is consumed, but aliases "xss"

def main (xss: *[][]i32) =
  loop acc = xss for row in xss do acc with [0] = row
