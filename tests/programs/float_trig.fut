-- sin, cos and tan.
-- ==
-- input { 1.0 }
-- output { 0.8414709848078965 0.5403023058681398 1.5574077246549023 }
-- input { 0.0 }
-- output { 0.0 1.0 0.0 }
def main (x: f64) = (f64.sin x, f64.cos x, f64.tan x)
