-- The empty tuple () is a value of the unit type.
-- ==
-- tags { no_opencl }
-- input { 3 }
-- output { 3 }
def ignore (_: ()) (x: i32) = x

def main (x: i32) = ignore () x
