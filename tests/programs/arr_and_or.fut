-- and and or on boolean arrays.
-- ==
-- input { [true, true] }
-- output { true true }
-- input { [false, true] }
-- output { false true }
-- input { empty([0]bool) }
-- output { true false }
def main (bs: []bool) = (and bs, or bs)
