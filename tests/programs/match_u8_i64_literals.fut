-- Literal patterns take the type of the matched value (u8, i64).
-- ==
-- input { 7u8 3i64 } output { 1i32 }
-- input { 0u8 3i64 } output { 2i32 }
-- input { 1u8 9i64 } output { 3i32 }

def main (a: u8) (b: i64) : i32 =
  match (a, b)
  case (7, 3) -> 1
  case (_, 3) -> 2
  case _ -> 3
