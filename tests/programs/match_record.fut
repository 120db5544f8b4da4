-- Record patterns with literal fields.
-- ==
-- input { 1 5 } output { 5 }
-- input { 2 5 } output { 10 }
-- input { 3 5 } output { 0 }

def main (k: i32) (v: i32) : i32 =
  match {kind = k, value = v}
  case {kind = 1, value} -> value
  case {kind = 2, value = x} -> x * 2
  case {kind = _, value = _} -> 0
