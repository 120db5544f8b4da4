-- The older `let` keyword for top-level definitions.
-- ==
-- input { 7 }
-- output { 49 }
let sq (x: i32) = x * x

let main (x: i32) = sq x
