-- gamma and lgamma.
-- ==
-- input { 5.0 }
-- output { 24.0 3.1780538303479458 }
-- input { 0.5 }
-- output { 1.7724538509055159 0.5723649429247001 }
def main (x: f64) = (f64.gamma x, f64.lgamma x)
