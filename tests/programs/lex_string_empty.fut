-- The empty string is an empty []u8.
-- ==
-- input { }
-- output { empty([0]u8) 0i64 }
def main = let s = "" in (s, length s)
