-- An abstract type hides its representation: a complex number from a
-- module whose complex type is abstract is not a pair.
-- ==
-- error: complex

import "lib/github.com/fcclang/complex/complex"

module C : complex with real = f64 = mk_complex f64

def main (a: f64) : f64 = (C.mk a a).0
