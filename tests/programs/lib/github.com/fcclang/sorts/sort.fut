-- | Module types shared by the sorting functors.

-- | A type with a total order.
module type ordered = {
  type t
  -- | Less than or equal.
  val <=: t -> t -> bool
}

-- | A sort whose order is fixed by the module.  Every sort here is
-- stable: elements with equal keys keep their order.
module type sort = {
  type t
  -- | Sorts in increasing order.
  val sort [n]: [n]t -> [n]t
  -- | Sorts elements by the key the function gives each.
  val sort_by_key [n] 'a: (a -> t) -> [n]a -> [n]a
}
