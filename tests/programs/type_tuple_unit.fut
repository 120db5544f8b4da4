-- The empty tuple () is a value of the unit type.
-- ==
-- input { 3 }
-- output { 3 }
def ignore (_: ()) (x: i32) = x

def main (x: i32) = ignore () x
