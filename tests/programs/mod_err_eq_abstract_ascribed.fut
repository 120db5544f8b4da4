-- Outside a module ascribed a module type, its abstract type does not
-- support equality, even inside a tuple.
-- ==
-- error: does not support equality: the abstract type M.t is not known

module M : {type t val x: t val y: t} = {type t = i32 def x = 1i32 def y = 2i32}

def main = (M.x, 1i32) != (M.y, 1i32)
