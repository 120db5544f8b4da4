-- Found by fcc difftest: the IR after internalise does not validate.
-- An if whose branches have different sizes is internalised with the
-- array bound before its existential size in the same pattern,
--   let {if_9: [ext_8]i8, ext_8: i64} = if c_3 : {[ext_8]i8, i64} ...
-- and soac.Validate says "size ext_8 in type [ext_8]i8 is not in scope"
-- (after internalise, optimise and flatten). Loops put the size first:
--   let {loop_10: i64, loop_11: [loop_10]i8} = loop ...
-- ==
-- input { [1i8, 2i8] true }
-- output { [0i8, 0i8] }
-- input { [1i8, 2i8] false }
-- output { [1i8, 2i8] }

entry main [n] (xs: [n]i8) (c: bool) =
  (loop acc = xs for i < 1 do (if c then replicate n 0i8 else acc)) :> [n]i8
