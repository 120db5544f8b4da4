-- Negative literal patterns of integer and float types.
-- ==
-- input { -1i32 -1f32 } output { true true }
-- input { 1i32 1f32 } output { false false }

def main (x: i32) (y: f32) : (bool, bool) =
  (match x case -1 -> true case _ -> false,
   match y case -1f32 -> true case _ -> false)
