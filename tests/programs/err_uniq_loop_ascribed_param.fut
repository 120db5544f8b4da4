-- A loop parameter ascribed an array type without * is not consumable.
-- ==
-- error: :7:5: error: Consuming "xs", which is not consumable

def main (xs: *[]i32) =
  loop (xs: []i32) for i < 3 do
    xs with [i] = 0
