-- Records as payloads, converted between constructors in a map (the
-- records' fields are flattened into slots).
-- ==
-- input { [1f32, 2f32] [3f32, 4f32] }
-- output { [4f32, 6f32] }

type twod = {x: f32, y: f32}
type threed = {x: f32, y: f32, z: f32}
type point = #twod twod | #threed threed

def lift (p: point) : point =
  match p
  case #twod ds -> #threed {x = ds.x, y = ds.y, z = ds.x + ds.y}
  case #threed {x, y, z = _} -> #twod {x, y}

def main (xs: []f32) (ys: []f32) : []f32 =
  map2 (\x y -> match lift (#twod {x, y})
                case #threed {x = _, y = _, z} -> z
                case #twod _ -> 0) xs ys
