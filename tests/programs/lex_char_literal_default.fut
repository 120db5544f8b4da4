-- A character literal is an overloaded integer literal: without other
-- constraints it is an i32, and it takes the type its context demands.
-- ==
-- input { 1 }
-- output { 66 66i64 }
def main (x: i32) = ('A' + x, 'A' + i64.i32 x)
