-- A local definition of a library file is not part of the module that
-- imports it: radix_sort.fut's partition_bit is local.
-- ==
-- error: partition_bit

module radix = import "lib/github.com/fcclang/sorts/radix_sort"

def main (xs: []i32) : []i32 = radix.partition_bit (\x -> x & 1) xs
