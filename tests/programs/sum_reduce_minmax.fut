-- A reduction over an array of sums with payloads of two types: the
-- smallest and largest element, or nothing for an empty array.
-- ==
-- input { [5f32, -2f32, 9f32, 1f32] } output { -2f32 9f32 }
-- input { empty([0]f32) } output { 0f32 0f32 }

type range = #empty | #range f32 f32

def join (a: range) (b: range) : range =
  match (a, b)
  case (#empty, _) -> b
  case (_, #empty) -> a
  case (#range l1 h1, #range l2 h2) -> #range (f32.min l1 l2) (f32.max h1 h2)

def main (xs: []f32) : (f32, f32) =
  match reduce join #empty (map (\x -> #range x x) xs)
  case #empty -> (0, 0)
  case #range l h -> (l, h)
