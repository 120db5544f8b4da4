-- Script inputs: FutharkScript expressions, evaluated against the
-- program in server mode, give the entry point's arguments.
-- ==
-- entry: total
-- script input { mk 4i64 } output { 6i64 }
-- script input { $loaddata "scripted.in" } output { 10i64 }
-- script input @ scripted.script output { 3i64 }
-- "wrong" script input { mk 5i64 } output { 0i64 }
-- script input { let xs = mk 3i64
--                in xs } output { 3i64 }
-- script input @ scripted_bad.script output { 0i64 }

entry mk (n: i64) : []i64 = iota n

entry total (xs: []i64) : i64 = reduce (+) 0 xs

-- ==
-- entry: add2
-- script input { (mk 4i64, 10i64) } output { 16i64 }
-- script input { let (a, b) = $loaddata "scripted2.in" in (mk a, b) } output { 13i64 }
-- script input { (mk 2i64, 1) } output { 2i64 }
-- script input { nope 1 } output { 0i64 }
-- script input { $loadimg "x.png" } output { 0i64 }

entry add2 (xs: []i64) (k: i64) : i64 = k + reduce (+) 0 xs

-- Futhark expressions beyond FutharkScript (prelude functions, operator
-- sections) are evaluated in the interpreter, in the program's scope.
-- ==
-- entry: total
-- script input { map (*2) (mk 3i64) } output { 6i64 }
-- script input { mk (1 +) } output { 0i64 }
