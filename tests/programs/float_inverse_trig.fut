-- asin, acos, atan and atan2.
-- ==
-- input { 0.5 }
-- output { 0.5235987755982989 1.0471975511965979 0.4636476090008061 0.7853981633974483 -2.356194490192345 }
def main (x: f64) = (f64.asin x, f64.acos x, f64.atan x, f64.atan2 1 1, f64.atan2 (-1) (-1))
