-- Arrays of sums made and consumed by maps (kernels): classify, then
-- score each class.
-- ==
-- input { [-3, 0, 4, 7, -1] } output { [3, 100, 8, 21, 1] }

type class = #neg i32 | #zero | #even i32 | #odd i32

def classify (x: i32) : class =
  if x < 0 then #neg x
  else if x == 0 then #zero
  else if x % 2 == 0 then #even x
  else #odd x

def score (c: class) : i32 =
  match c
  case #neg x -> -x
  case #zero -> 100
  case #even x -> 2 * x
  case #odd x -> 3 * x

def main (xs: []i32) : []i32 = map score (map classify xs)
