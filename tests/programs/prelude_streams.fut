-- reduce_stream, reduce_stream_per, map_stream and map_stream_per: f sees
-- the array in chunks (of any sizes) whose results are combined.
-- ==
-- input { [1, 2, 3, 4] } output { 10 4i64 [2, 4, 6, 8] [1, 2, 3, 4] }

def main [n] (xs: [n]i32) =
  ( reduce_stream (+) (\k (c: [k]i32) -> i32.sum c) xs
  , reduce_stream_per (+) (\k (_: [k]i32) -> k) xs
  , map_stream (\k (c: [k]i32) -> map (* 2) c) xs
  , map_stream_per (\k (c: [k]i32) -> c) xs )
