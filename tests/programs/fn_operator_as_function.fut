-- Built-in operators in parentheses are ordinary functions.
-- ==
-- input { 6 4 }
-- output { 10 2 24 1 true false }
def main (a: i32) (b: i32) = ((+) a b, (-) a b, (*) a b, (/) a b, (>) a b, (==) a b)
