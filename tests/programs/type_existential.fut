-- An existential size in a return type.
-- ==
-- input { [1, 2, 3, 4, 5, 6] }
-- output { [2, 4, 6] 3i64 }
-- input { [1, 3] }
-- output { empty([0]i32) 0i64 }
def evens (xs: []i32) : ?[k].[k]i32 = filter (\x -> x % 2 == 0) xs

def main (xs: []i32) = let e = evens xs in (e, length e)
