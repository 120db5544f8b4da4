-- Shadowing: a module's own definitions shadow outer ones in its body; a
-- module nested in another shadows a top-level module of the same name
-- inside it; the same member names in different modules stay apart.
-- ==
-- input { 0 }
-- output { 0 9 -1 10 10 }
-- input { 5 }
-- output { 10 14 4 15 10 }
-- input { -3 }
-- output { -6 6 -4 7 10 }

def scale : i32 = 10

module m = {
  def scale : i32 = 2
  def f (x: i32) : i32 = x * scale
}

module n = {
  def f (x: i32) : i32 = x + scale
}

module outer = {
  module m = {
    def f (x: i32) : i32 = x - 1
  }
  def g (x: i32) : i32 = m.f (n.f x)
}

def main (x: i32) : (i32, i32, i32, i32, i32) = (m.f x, outer.g x, outer.m.f x, n.f x, scale)
