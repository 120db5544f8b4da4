-- The pipe and composition operators used as ordinary functions.
-- ==
-- input { 4 }
-- output { 5 5 10 9 }
def inc (x: i32) = x + 1
def dbl (x: i32) = x * 2

def main (x: i32) = ((|>) x inc, (<|) inc x, (>->) inc dbl x, (<-<) inc dbl x)
