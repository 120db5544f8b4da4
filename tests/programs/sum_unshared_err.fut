-- Two sum types with different constructors do not unify; the message
-- names the constructors they do not share.
-- ==
-- error: Unshared constructors: #d, #c\.

def f (v: #a i32 | #b i32 | #c i32) : #a i32 | #b i32 | #d i32 = v
def main (x: i32) = x
