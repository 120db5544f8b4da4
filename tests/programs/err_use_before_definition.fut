-- A definition can only use definitions that come before it.
-- ==
-- error: (?i)unknown|not defined|unbound|not in scope|undefined
def g (x: i32) = f x + 1

def f (x: i32) = x * 2

def main (x: i32) = g x
