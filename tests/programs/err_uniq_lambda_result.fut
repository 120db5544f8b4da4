-- A lambda declared to return a unique array may not return one of its
-- parameters that is not unique.
-- ==
-- error: :7:42: error: Unique-typed return value of the lambda is aliased to "row"

def main (arr: []f32) =
  (\(row: []f32, scale: f32) : *[]f32 -> row) (arr, 2f32)
