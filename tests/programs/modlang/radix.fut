-- A least-significant-digit radix sort for any integral type, one bit per
-- pass, written against the prelude's integral module type.

module radix_sort (I: integral) = {
  def sort_by_bit [n] (b: i32) (xs: [n]I.t) : [n]I.t =
    let bits = map (\x -> i64.i32 (I.get_bit b x)) xs
    let zeros = map (1 -) bits
    let nzeros = i64.sum zeros
    let idx0 = scan (+) 0 zeros
    let idx1 = scan (+) 0 bits
    let dest = map3 (\b i0 i1 -> if b == 0 then i0 - 1 else nzeros + i1 - 1) bits idx0 idx1
    in scatter (copy xs) dest xs

  def sort [n] (xs: [n]I.t) : [n]I.t =
    loop xs for b < I.num_bits do sort_by_bit b xs
}
