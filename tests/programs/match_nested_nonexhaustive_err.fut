-- A missing nested constructor is shown inside its enclosing one.
-- ==
-- error: Unmatched cases in match expression:\n  #foo \(#moo _ #none\)

type some 't = #none | #some t
type mooboo = #moo i32 (some i32) | #boo
type foobar = #foo mooboo | #bar i32

def main (x: i32) : i32 =
  match (#foo (#moo x #none)) : foobar
  case #bar _ -> 0
  case #foo #boo -> 2
  case #foo (#moo _ (#some _)) -> 3
