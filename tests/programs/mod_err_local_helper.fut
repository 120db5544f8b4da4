-- A plain import does not bring a file's local definitions into scope
-- either: random.fut's mix32 is local.
-- ==
-- error: mix32

import "lib/github.com/fcclang/random/random"

def main (x: u32) : u32 = mix32 x
