-- A parameter may be named like an operator; (<+>) is its value.
-- ==
-- input { [1,2,3] } output { [1,2,3] [9,2,3] }

def main ((<+>): *[]i32) =
  let before = copy (<+>)
  let after = (<+>) with [0] = 9
  in (before, after)
