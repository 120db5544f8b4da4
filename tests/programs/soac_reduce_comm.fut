-- reduce_comm with a commutative operator.
-- ==
-- input { [1.5, 2.5, 3.0] }
-- output { 7.0 }
-- input { empty([0]f64) }
-- output { 0.0 }
def main (xs: []f64) = reduce_comm (+) 0 xs
