-- A loop parameter declared unique consumes its initial value, which
-- must therefore be consumable.
-- ==
-- error: Consuming "x", which is not consumable
def main (x: []i32) = loop (x: *[]i32) for i < 10 do x
