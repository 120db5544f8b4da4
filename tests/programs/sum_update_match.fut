-- In-place updates of an array of sum values with a match on the element
-- being replaced, the sum type known only from the result type.
-- ==
-- input { [1, 2] } output { [-1, -2, 2, 4] }

type mb = #m i32 | #b i32

def flip (ns: []i32) : *[]mb =
  let x = map (\n -> #m n) ns ++ map (\n -> #b n) ns
  in loop x for i < 2 * length ns do
       x with [i] = match x[i]
                    case #m v -> #b (-v)
                    case #b v -> #m (2 * v)

def main (ns: []i32) : []i32 =
  map (\v -> match v
             case #m v -> v
             case #b v -> v) (flip ns)
