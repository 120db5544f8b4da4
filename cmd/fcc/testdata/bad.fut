-- ==
-- error: right operand of "\+"
def main (x: i32) : i32 = x + 1.5f32
