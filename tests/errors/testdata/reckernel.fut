-- Recursion runs on the host only: a recursive function in a map is
-- interpreted, but the OpenCL back end refuses it.
def fact (n: i32) : i32 = if n <= 1 then 1 else n * fact (n - 1)

def main (xs: []i32) = map fact xs
