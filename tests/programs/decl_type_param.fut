-- Type parameters make functions polymorphic.
-- ==
-- input { 3 true }
-- output { 3 true true 3 }
def ident 't (x: t) : t = x
def swap 'a 'b (x: a) (y: b) : (b, a) = (y, x)

def main (x: i32) (b: bool) =
  let (b', x') = swap x b
  in (ident x, ident b, b', x')
