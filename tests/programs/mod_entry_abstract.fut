-- An entry point's result of an abstract type (a module's type made
-- abstract by ascription) is an opaque value, as in Futhark, also as one
-- component of a tuple and for a parametric abstract type: the server
-- keeps it and passes it to other entry points (script inputs); a case
-- with no expected output only runs it.
-- ==
-- entry: build
-- input { [3i64, 1i64, 2i64] }
-- input { empty([0]i64) }

module type bag = {
  type~ bag 'a
  val from : []i64 -> bag i64
  val size 'a : bag a -> i64
  val total : bag i64 -> i64
}

module arraybag : bag = {
  type~ bag 'a = []a
  def from (xs: []i64) = xs
  def size 'a (b: bag a) = length b
  def total (b: bag i64) = i64.sum b
}

entry build (xs: []i64) : arraybag.bag i64 = arraybag.from xs

-- ==
-- entry: stats
-- script input { build [3i64, 1i64, 2i64] } output { 3i64 6i64 }
-- script input { build [0i64, 1i64, 2i64, 3i64, 4i64] } output { 5i64 10i64 }
entry stats (b: arraybag.bag i64) : (i64, i64) = (arraybag.size b, arraybag.total b)

-- ==
-- entry: with_count
-- input { [4i64, 5i64] }
entry with_count (xs: []i64) : (i64, arraybag.bag i64) = (length xs, build xs)

-- ==
-- entry: first
-- script input { with_count [4i64, 5i64] } output { 2i64 9i64 }
entry first (n: i64) (b: arraybag.bag i64) : (i64, i64) = (n, arraybag.total b)
