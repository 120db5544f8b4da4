-- Literals in a u64 context are u64, including large ones.
-- ==
-- input { 1u64 }
-- output { 0u64 18446744073709551615u64 }
def main (x: u64) = (x + 18446744073709551615, x * 18446744073709551615)
