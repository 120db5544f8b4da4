-- A parameter named like an operator and written as a section, (<+>), is
-- that parameter: consuming it uses it up.
-- ==
-- error: :8:6: error: Using variable "<\+>", but this was consumed

def main ((<+>): *[]i32) =
  let _ = (<+>) with [0] = 1
  in (<+>)
