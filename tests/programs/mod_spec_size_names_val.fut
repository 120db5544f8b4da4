-- A module type whose value specs' sizes name another value spec and a
-- function ([s num_bits n], as diku-dk/containers' bitset writes them),
-- with an abstract size-parametric type, unique parameters (*bitset),
-- a parameter that shadows the function its own type's size calls, and
-- the prelude's not and sized.
-- ==
-- input { 20i64 [3i64, 17i64, 3i64] } output { 3i64 2i64 true true 22i64 }
-- input { 8i64 [0i64, 9i64] } output { 1i64 1i64 false false 7i64 }

local def s (num_bits: i64) (n: i64) : i64 = (n - 1) / num_bits + 1

module type bitset = {
  type bitset [n]
  val num_bits : i64
  val empty : (n: i64) -> *bitset [s num_bits n]
  val insert [m] [n] : *bitset [s num_bits n] -> [m]i64 -> bitset [s num_bits n]
  val member [n] : i64 -> bitset [s num_bits n] -> bool
  val size [n] : bitset [s num_bits n] -> i64
  val from_words [m] : (n: i64) -> [m]u8 -> *bitset [s num_bits n]
  val words [n] : bitset [s num_bits n] -> i64
}

module mk_bitset (I: integral) : bitset = {
  def num_bits = i64.i32 I.num_bits
  type bitset [n] = [n]I.t

  def empty (n: i64) : *bitset [s num_bits n] = replicate (s num_bits n) (I.i32 0)

  def insert [n] [m] (set: *bitset [s num_bits n]) (is: [m]i64) : bitset [s num_bits n] =
    let js = map (\i -> if i < 0 || n <= i then -1 else i / num_bits) is
    let vs = map (\i -> I.set_bit (i32.i64 (i % num_bits)) (I.i32 0) 1) is
    in reduce_by_index set (I.|) (I.i32 0) js vs

  def member [n] (i: i64) (set: bitset [s num_bits n]) : bool =
    i >= 0 && i < n && I.get_bit (i32.i64 (i % num_bits)) set[i / num_bits] == 1

  def size [n] (s: bitset [s num_bits n]) : i64 =
    map (i64.i32 <-< I.popc) s |> i64.sum

  def from_words [m] (n: i64) (ws: [m]u8) : *bitset [s num_bits n] =
    map (I.u8) ws |> sized (s num_bits n)

  def words [n] (set: bitset [s num_bits n]) : i64 = length set
}

module bs = mk_bitset u8

def main (n: i64) (is: []i64) =
  let set = bs.insert (bs.empty n) is
  let full = bs.from_words n (replicate (s 8 n) 255u8)
  in (bs.words set, bs.size set, bs.member 3 set, not (bs.member 0 set), bs.size full - bs.size set)
