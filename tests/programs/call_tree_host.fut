-- A call tree fourteen levels deep at host level: inlining every
-- application would copy f0 2^14 times, so the functions from some level
-- up are kept and called (issue 20).
-- ==
-- input { 1 }
-- output { -681869311 }
-- input { -5 }
-- output { 2045607931 }
-- input { 123456 }
-- output { 106979904 }

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
def f13 (x: i32) : i32 = f12 (f12 x)
def f14 (x: i32) : i32 = f13 (f13 x)

def main (x: i32) : i32 = f14 x
