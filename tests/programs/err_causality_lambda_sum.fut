-- A size computed inside a lambda's body, returned in a constructor's
-- payload, is needed by the type of another lambda argument: it exists
-- only when the lambda is applied (frontend/causality.go,
-- causalityLambda).
-- ==
-- error: Causality check: an anonymous size needed for the type of argument 2 of choose

type maybe 'a = #nothing | #just a

def evens (xs: []i32) = filter (\x -> x % 2 == 0) xs

def choose 'a (c: bool) (l: () -> a) (r: () -> a) : a = if c then l () else r ()

entry main (c: bool) (xs: []i32) : maybe ([]i32) =
  choose c (\() -> #nothing) (\() -> #just (evens xs))
