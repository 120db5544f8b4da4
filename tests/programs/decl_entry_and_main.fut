-- main remains an entry point next to explicit entry declarations.
-- ==
-- entry: main other
-- input { 5 }
-- output { 6 }
def main (x: i32) = x + 1

entry other (x: i32) = 1 + x
