-- open re-exports what it opens; local open and local definitions are seen
-- inside a module but not exported; a top-level local open as well.
-- ==
-- input { 0 }
-- output { 0 0 100 0 0 }
-- input { 1 }
-- output { 2 3 102 6 6 }
-- input { -7 }
-- output { -14 -21 86 -42 -42 }
-- input { 1000 }
-- output { 2000 3000 2100 6000 6000 }

module base = {
  def twice (x: i32) : i32 = x * 2
  def thrice (x: i32) : i32 = x * 3
}

module extended = {
  open base
  local def helper (x: i32) : i32 = x + 100
  def twice_plus (x: i32) : i32 = helper (twice x)
}

module hidden = {
  local open base
  def six_times (x: i32) : i32 = twice (thrice x)
}

local open extended

def main (x: i32) : (i32, i32, i32, i32, i32) =
  (extended.twice x, extended.thrice x, twice_plus x, hidden.six_times x, thrice (twice x))
