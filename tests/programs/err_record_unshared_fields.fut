-- Record types with different fields do not match; the message lists the
-- fields only one of them has.
-- ==
-- error: unshared fields: c, d\.
def f (v: {a: i32, b: i32, c: i32}) : {a: i32, b: i32, d: i32} = v
def main (x: i32) = (f {a = x, b = x, c = x}).a
