-- A loop returns, for a parameter it consumes, a row of the array it
-- iterates over.
entry main (xss: [][3]i32) : [3]i32 =
  loop acc = replicate 3 0 for xs in xss do
    let acc[0] = 42
    in xs
