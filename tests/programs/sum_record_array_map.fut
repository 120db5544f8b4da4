-- An array of records with a sum-typed field, updated in a map.
-- ==
-- input { [1, 2, 3] } output { [10, 2, 30] }

type status = #todo | #done i32
type item = {id: i32, st: status}

def finish (it: item) : item =
  if it.id % 2 == 1 then it with st = #done (it.id * 10) else it

def main (ids: []i32) : []i32 =
  map (\it -> match it.st case #todo -> it.id case #done v -> v)
      (map finish (map (\i -> {id = i, st = #todo}) ids))
