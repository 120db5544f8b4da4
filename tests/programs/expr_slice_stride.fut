-- Slices with strides, including negative strides.
-- ==
-- input { [0, 1, 2, 3, 4, 5, 6] }
-- output { [0, 2, 4, 6] [1, 4] [6, 5, 4, 3, 2, 1, 0] [5, 4, 3] [6, 3, 0] }
def main (xs: []i32) = (xs[::2], xs[1:6:3], xs[::-1], xs[5:2:-1], xs[::-3])
