-- A polymorphic array function applied to arrays of different ranks.
-- ==
-- input { [1, 2, 3] [[1, 2], [3, 4]] }
-- output { 3 [3, 4] }
def last' 't [n] (xs: [n]t) : t = xs[n - 1]

def main (xs: []i32) (m: [][]i32) = (last' xs, last' m)
