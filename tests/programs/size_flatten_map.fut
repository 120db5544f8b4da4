-- flatten of [n][m]t is [n * m]t, as in Futhark: a function that returns
-- a flattened array may be mapped, its result size being known outside
-- it (Futhark's flattening/dup3d does the same), and the product is the
-- size written in the declared result type.
-- ==
-- input { [[1,2],[3,4]] }
-- output { [[1,2,1,2,1,2],[3,4,3,4,3,4]] }
-- input { [[7]] }
-- output { [[7,7,7]] }
-- input { empty([0][2]i32) }
-- output { empty([0][6]i32) }

def dup3 = replicate 3 >-> flatten

def main [n] [m] (xss: [n][m]i32) : [n][3 * m]i32 = map dup3 xss
