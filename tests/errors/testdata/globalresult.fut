-- The result of a function that may return a top-level array is updated.
def global : [3]i32 = [1, 2, 3]

def tl (_: i32) : []i32 = global[1:]

entry main (x: i32) : []i32 = tl x with [0] = 1
