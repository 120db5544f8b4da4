-- A plain type parameter ('a) in the result of a function parameter may
-- not be instantiated with an array whose size the function computes; the
-- hint says to declare it size-lifted ('~a).
-- ==
-- error: (?s)type variable 'a cannot be instantiated.*declare it size-lifted \('~a\)

def apply 'a (g: i32 -> a) (x: i32) : a = g x

def main (xs: []i32) = apply (\y -> filter (>y) xs) 0
