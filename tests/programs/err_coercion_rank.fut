-- A size coercion cannot change the rank of an array.
-- ==
-- error: (?i)rank|dimension|type|unify|coerc
def main (xs: []i32) = xs :> [2][2]i32
