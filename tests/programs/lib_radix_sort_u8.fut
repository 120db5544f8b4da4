-- Radix sort of u8: an unsigned type, whose top bit is an ordinary bit.
-- ==
-- input { empty([0]u8) }
-- output { empty([0]u8) }
-- input { [200u8] }
-- output { [200u8] }
-- input { [255u8, 0u8, 128u8, 127u8, 1u8, 254u8, 129u8] }
-- output { [0u8, 1u8, 127u8, 128u8, 129u8, 254u8, 255u8] }
-- input { [0u8, 37u8, 74u8, 111u8, 148u8, 185u8, 222u8, 3u8, 40u8, 77u8, 114u8, 151u8, 188u8, 225u8, 6u8, 43u8, 80u8, 117u8, 154u8, 191u8, 228u8, 9u8, 46u8] }
-- output { [0u8, 3u8, 6u8, 9u8, 37u8, 40u8, 43u8, 46u8, 74u8, 77u8, 80u8, 111u8, 114u8, 117u8, 148u8, 151u8, 154u8, 185u8, 188u8, 191u8, 222u8, 225u8, 228u8] }

import "lib/github.com/fcclang/sorts/radix_sort"

module sort_u8 = mk_radix_sort u8

def main (xs: []u8) : []u8 = sort_u8.sort xs
