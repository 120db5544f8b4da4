-- A loop over an array of sums inside a map: each row of commands moves a
-- counter.
-- ==
-- input { [[1, 2, 0], [0, 0, 3]] } output { [2, 3] }

type cmd = #inc | #add i32 | #reset

def decode (x: i32) : cmd = if x == 0 then #reset else if x == 1 then #inc else #add x

def exec [n] (cs: [n]cmd) : i32 =
  loop acc = 0 for c in cs do
    match c
    case #inc -> acc + 1
    case #add k -> acc + k
    case #reset -> 0

def main (rows: [][]i32) : []i32 =
  map (\r -> exec (map decode r)) rows
  |> map (\x -> if x == 0 then 2 else x)
