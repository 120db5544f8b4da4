-- A let-bound name is not visible outside its body.
-- ==
-- error: (?i)unknown|not defined|unbound|not in scope|undefined
def main (x: i32) =
  let a = (let b = x + 1 in b * 2)
  in a + b
