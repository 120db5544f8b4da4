-- Each iteration consumes what the previous one returned for a consumed
-- loop parameter, so that may not be an array from outside the loop.
-- ==
-- error: :9:13: error: .*"acc" aliases "other"

def main (n: i64) : i64 =
  let other = iota 5
  let r = loop acc = iota 5 for i < n do
            let acc[0] = i in other
  in r[0] + other[0]
