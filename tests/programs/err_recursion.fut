-- Functions may not call themselves.
-- ==
-- error: (?i)unknown|recurs|not defined|unbound|not in scope
def fact (n: i32) : i32 = if n == 0 then 1 else n * fact (n - 1)

def main (n: i32) = fact n
