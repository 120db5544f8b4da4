-- The call tree of call_tree_host, twelve levels, inside a map: the kept
-- functions are called from the kernel, as OpenCL functions (issue 20).
-- ==
-- input { [0, 1, 2, 3, 7] }
-- output { [-1152933888, 836165633, -1469702142, 519397379, -114139129] }

def f0 (x: i32) : i32 = x * 3 + 1
def f1 (x: i32) : i32 = f0 (f0 x)
def f2 (x: i32) : i32 = f1 (f1 x)
def f3 (x: i32) : i32 = f2 (f2 x)
def f4 (x: i32) : i32 = f3 (f3 x)
def f5 (x: i32) : i32 = f4 (f4 x)
def f6 (x: i32) : i32 = f5 (f5 x)
def f7 (x: i32) : i32 = f6 (f6 x)
def f8 (x: i32) : i32 = f7 (f7 x)
def f9 (x: i32) : i32 = f8 (f8 x)
def f10 (x: i32) : i32 = f9 (f9 x)
def f11 (x: i32) : i32 = f10 (f10 x)
def f12 (x: i32) : i32 = f11 (f11 x)

def main (xs: []i32) : []i32 = map f12 xs
