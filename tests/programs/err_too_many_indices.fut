-- Indexing with more indices than the array has dimensions.
-- ==
-- error: (?i)index|array|type|dimension|rank
def main (xs: []i32) = xs[0, 1]
