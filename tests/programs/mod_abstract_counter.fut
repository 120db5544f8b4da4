-- A module ascribed to a module type with an abstract type: the counter's
-- representation (an i64 of twice the count, to make the point) is
-- hidden, and values of the abstract type flow through loops and arrays.
-- ==
-- input { 0i64 0i64 }
-- output { 0i64 0i64 empty([0]i64) }
-- input { 3i64 1i64 }
-- output { 3i64 0i64 [0i64] }
-- input { 10i64 5i64 }
-- output { 10i64 10i64 [0i64, 1i64, 2i64, 3i64, 4i64] }

module type counter = {
  type t
  val zero: t
  val incr: t -> t
  val add: t -> t -> t
  val get: t -> i64
}

module counter : counter = {
  type t = i64
  def zero : t = 0
  def incr (c: t) : t = c + 2
  def add (a: t) (b: t) : t = a + b
  def get (c: t) : i64 = c / 2
}

def main (n: i64) (m: i64) : (i64, i64, [m]i64) =
  let c = loop c = counter.zero for _i < n do counter.incr c
  let cs : [m]counter.t = map (\k -> loop c = counter.zero for _i < k do counter.incr c) (iota m)
  let total = reduce counter.add counter.zero cs
  in (counter.get c, counter.get total, map counter.get cs)
