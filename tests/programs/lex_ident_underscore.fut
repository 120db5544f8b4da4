-- Identifiers may start with an underscore and contain underscores.
-- ==
-- input { 2 }
-- output { 21 }
-- input { -1 }
-- output { -9 }
def _helper (a_b: i32) = a_b * 10

def main (x: i32) =
  let _unused = 99
  let foo_bar_ = _helper x
  let _ = 5
  in foo_bar_ + 1
