-- A top-level definition without annotations is generalised.
-- ==
-- input { 3 true }
-- output { 3 true 6 }
def ident x = x
def twice f x = f (f x)

def main (a: i32) (b: bool) = (ident a, ident b, twice (\y -> y + 1) (ident a) + 1)
