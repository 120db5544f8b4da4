-- Explicit type parameters need not name every type variable of a
-- definition: current Futhark generalises the others as well
-- (by_key_wrapper in diku-dk/sorts lists only 't while sorter, key and
-- get_bit have inferred polymorphic types).
-- ==
-- input { [3i32, 1i32, 2i32] } output { [1i32, 2i32, 3i32] [9i64, 1i64, 4i64] }

def first 'a (x: a) y = (x, y)

local def by_key [n] 't sorter key (xs: [n]t) : [n]t =
  map key xs |> zip (iota n) |> sorter |> map (\(i: i64, _) -> xs[i])

def sort_pairs [n] (ps: [n](i64, i32)) : [n](i64, i32) =
  loop ps = copy ps for i < n do
    loop ps for j < n - 1 - i do
      if ps[j].1 > ps[j + 1].1
      then let t = ps[j] in let ps[j] = ps[j + 1] in ps with [j + 1] = t
      else ps

def main (xs: []i32) =
  let (ys, _) = first (by_key sort_pairs id xs) 0i32
  in (ys, map (\x -> i64.i32 (x * x)) xs)
