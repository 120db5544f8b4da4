-- The same functor applied to u8: matrix powers whose entries wrap around
-- at 256, and an identity of a size given at run time.
-- ==
-- entry: pow3
-- input { 0i64 }
-- output { [[1u8, 0u8, 0u8], [0u8, 1u8, 0u8], [0u8, 0u8, 1u8]] }
-- input { 1i64 }
-- output { [[1u8, 2u8, 0u8], [0u8, 1u8, 3u8], [1u8, 0u8, 1u8]] }
-- input { 5i64 }
-- output { [[61u8, 70u8, 96u8], [48u8, 61u8, 105u8], [35u8, 32u8, 61u8]] }
-- input { 12i64 }
-- output { [[201u8, 108u8, 84u8], [170u8, 201u8, 34u8], [182u8, 28u8, 201u8]] }

-- ==
-- entry: ident
-- input { 0i64 }
-- output { empty([0][0]u8) }
-- input { 1i64 }
-- output { [[1u8]] }
-- input { 4i64 }
-- output { [[1u8, 0u8, 0u8, 0u8], [0u8, 1u8, 0u8, 0u8], [0u8, 0u8, 1u8, 0u8], [0u8, 0u8, 0u8, 1u8]] }

import "lib/github.com/fcclang/linalg/linalg"

module la = mk_linalg_numeric u8

entry pow3 (k: i64) : [3][3]u8 = la.matpow [[1, 2, 0], [0, 1, 3], [1, 0, 1]] k

entry ident (n: i64) : [n][n]u8 = la.identity n
