-- Literals take the type required by a return type annotation.
-- ==
-- input { }
-- output { 7i16 2.0f32 }
def seven : i16 = 7
def two : f32 = 2

def main = (seven, two)
