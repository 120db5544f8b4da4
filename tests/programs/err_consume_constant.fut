-- A top-level array constant is shared by every use: nothing may consume
-- it.
-- ==
-- error: Consuming "global", which is not consumable

def global : []i32 = [1, 2, 3]

def main (x: i32) = global with [0] = x
