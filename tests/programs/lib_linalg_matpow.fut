-- Matrix powers by repeated squaring in mk_linalg_numeric i64: powers of
-- [[1,1],[1,0]] hold Fibonacci numbers, and the 0'th power is the
-- identity.
-- ==
-- input { 0i64 }
-- output { [[1i64, 0i64], [0i64, 1i64]] }
-- input { 1i64 }
-- output { [[1i64, 1i64], [1i64, 0i64]] }
-- input { 2i64 }
-- output { [[2i64, 1i64], [1i64, 1i64]] }
-- input { 7i64 }
-- output { [[21i64, 13i64], [13i64, 8i64]] }
-- input { 50i64 }
-- output { [[20365011074i64, 12586269025i64], [12586269025i64, 7778742049i64]] }
-- input { 90i64 }
-- output { [[4660046610375530309i64, 2880067194370816120i64], [2880067194370816120i64, 1779979416004714189i64]] }

import "lib/github.com/fcclang/linalg/linalg"

module la = mk_linalg_numeric i64

def main (k: i64) : [2][2]i64 = la.matpow [[1, 1], [1, 0]] k
