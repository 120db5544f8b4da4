-- A top-level constant array.
-- ==
-- input { 2i64 }
-- output { 30 60 }
def table = [10, 20, 30]

def main (i: i64) = (table[i], reduce (+) 0 table)
