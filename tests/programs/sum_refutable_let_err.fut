-- A constructor pattern of a type with several constructors is refutable
-- and only allowed in a match.
-- ==
-- error: Refutable pattern not allowed here: #some matches only some values

type opt = #none | #some i32

def main (x: i32) : i32 =
  let #some y = (#some x : opt)
  in y
