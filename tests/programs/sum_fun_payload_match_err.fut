-- A non-exhaustive match on a sum type with a function payload is
-- reported with an example of the missing cases.
-- ==
-- error: Unmatched cases.*#foo \(#moo _ #none\)

type some 't = #none | #some t
type^ mooboo '^t = #moo t (some i32) | #boo
type^ foobar = #foo (mooboo (i32 -> i32)) | #bar (i32 -> i32)

def main : i32 =
  match (#foo (#moo (+1) #none)) : foobar
  case #bar _ -> 0
  case #foo #boo -> 2
  case #foo (#moo _ (#some 5)) -> 2
