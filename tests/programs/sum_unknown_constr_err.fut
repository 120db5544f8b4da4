-- A constructor that is not in the expected sum type.
-- ==
-- error: #triangle is not a constructor

type shape = #circle f32 | #square f32

def main (x: f32) : shape = #triangle x
