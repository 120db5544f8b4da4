-- A function that returns a top-level array constant returns the shared
-- array: its result may not be consumed either.
-- ==
-- error: Consuming variable "a", which is not consumable

def global : []i32 = [1, 2, 3]

def f (x: i32) = if x > 0 then global else global

def main (x: i32) = let a = f x in a with [0] = 2
