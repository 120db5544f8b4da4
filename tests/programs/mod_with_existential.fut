-- A refinement by an existential type, in parentheses as Futhark's
-- grammar requires after `with` (a type term): the size-lifted abstract
-- type then stands for arrays of any length.
-- ==
-- input { 3i64 } output { [true, true, true] 3i64 }
-- input { 0i64 } output { empty([0]bool) 0i64 }

module type mt = { type~ t val len: t -> i64 }

module M : mt with t = (?[k].[k]bool) = {
  type~ t = ?[k].[k]bool
  def len (xs: t) = length xs
}

def main (n: i64) : (M.t, i64) = let xs = replicate n true in (xs, M.len xs)
