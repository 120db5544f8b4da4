-- Radix sorts of i16 and i8, two instances of the functor in one program.
-- ==
-- input { empty([0]i16) empty([0]i8) }
-- output { empty([0]i16) empty([0]i8) }
-- input { [-32768i16, 32767i16, 0i16, -1i16, 1i16, 300i16, -300i16] [127i8, -128i8, 0i8, -1i8, 5i8] }
-- output { [-32768i16, -300i16, -1i16, 0i16, 1i16, 300i16, 32767i16] [-128i8, -1i8, 0i8, 5i8, 127i8] }
-- input { [0i16, 7919i16, 15838i16, 23757i16, 31676i16, -25941i16, -18022i16, -10103i16, -2184i16, 5735i16, 13654i16, 21573i16, 29492i16, -28125i16, -20206i16, -12287i16, -4368i16, 3551i16, 11470i16] [0i8, 73i8, -110i8, -37i8, 36i8, 109i8, -74i8, -1i8, 72i8] }
-- output { [-28125i16, -25941i16, -20206i16, -18022i16, -12287i16, -10103i16, -4368i16, -2184i16, 0i16, 3551i16, 5735i16, 7919i16, 11470i16, 13654i16, 15838i16, 21573i16, 23757i16, 29492i16, 31676i16] [-110i8, -74i8, -37i8, -1i8, 0i8, 36i8, 72i8, 73i8, 109i8] }

import "lib/github.com/fcclang/sorts/radix_sort"

module s16 = mk_radix_sort i16
module s8 = mk_radix_sort i8

def main (xs: []i16) (ys: []i8) : ([]i16, []i8) = (s16.sort xs, s8.sort ys)
