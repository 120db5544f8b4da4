-- A function may not return a top-level array constant: every call would
-- return the one shared array, which no caller could consume.
-- ==
-- error: Function result aliases the free variable "global"

def global : []i32 = [1, 2, 3]

def f (x: i32) = if x > 0 then global else global

def main (x: i32) = let a = f x in a with [0] = 2
