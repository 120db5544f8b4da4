-- A recursive function must declare its return type.
def count (n: i64) =
  if n == 0 then 0 else 1 + count (n - 1)

def main (x: i64) = count x
