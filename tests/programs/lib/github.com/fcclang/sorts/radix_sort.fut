-- | Least-significant-digit radix sort, one bit per pass.
--
-- Each pass is a stable partition of the elements by one bit of their
-- key, computed with two prefix sums and a scatter, so the sort as a
-- whole is stable.

import "sort"

-- Stable partition by a bit: elements whose bit is 0 first, then those
-- whose bit is 1, each group in its original order.
local def partition_bit [n] 'a (bit: a -> i32) (xs: [n]a) : [n]a =
  let ones = map bit xs
  let zeros = map (1 -) ones
  let num_zeros = i64.i32 (i32.sum zeros)
  let zero_pos = scan (+) 0 zeros
  let one_pos = scan (+) 0 ones
  let dest i =
    if ones[i] == 1
    then num_zeros + i64.i32 one_pos[i] - 1
    else i64.i32 zero_pos[i] - 1
  in scatter (copy xs) (map dest (iota n)) xs

-- | Sorts by the low `num_bits` bits of each element, read with
-- `get_bit`, least significant first.
def radix_sort [n] 'a (num_bits: i32) (get_bit: i32 -> a -> i32) (xs: [n]a) : [n]a =
  loop xs for b < num_bits do partition_bit (get_bit b) xs

-- | Radix sort of any integral type, signed or not.
module mk_radix_sort (I: integral) : sort with t = I.t = {
  type t = I.t

  -- A set sign bit means a smaller number, so signed types read their
  -- top bit inverted.
  local def signed : bool = I.(lowest < i32 0)

  local def key_bit (b: i32) (x: t) : i32 =
    let bit = I.get_bit b x
    in if signed && b == I.num_bits - 1 then 1 - bit else bit

  def sort_by_key [n] 'a (key: a -> t) (xs: [n]a) : [n]a =
    radix_sort I.num_bits (\b x -> key_bit b (key x)) xs

  def sort [n] (xs: [n]t) : [n]t = sort_by_key (\x -> x) xs
}

-- | Radix sort of IEEE floating point numbers by their bits: a set sign
-- bit means a smaller number and reverses the order of the other bits.
-- NaNs go to the ends, by their sign bit.
module mk_radix_sort_float (F: float) : sort with t = F.t = {
  type t = F.t

  local def key_bit (b: i32) (x: t) : i32 =
    let sign = F.get_bit (F.num_bits - 1) x
    let bit = F.get_bit b x
    in if b == F.num_bits - 1 then 1 - bit
       else if sign == 1 then 1 - bit
       else bit

  def sort_by_key [n] 'a (key: a -> t) (xs: [n]a) : [n]a =
    radix_sort F.num_bits (\b x -> key_bit b (key x)) xs

  def sort [n] (xs: [n]t) : [n]t = sort_by_key (\x -> x) xs
}
