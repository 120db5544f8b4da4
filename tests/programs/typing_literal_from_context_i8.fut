-- An integer literal takes the type of the other operand.
-- ==
-- input { 100i8 }
-- output { -56i8 }
-- input { 27i8 }
-- output { 127i8 }
def main (x: i8) = x + 100
