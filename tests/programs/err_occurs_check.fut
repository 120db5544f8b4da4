-- A function applied to itself would need a type that contains itself.
-- ==
-- error: Occurs check
def bad a f = f a f
def main (x: i32) = x
