-- A function may return a size-lifted abstract type, and take one.
-- ==
-- input { 10i64 } output { 11i64 3i64 }

module type dict = {
  type~ dict
  val mk : () -> (dict, dict)
  val grow : dict -> dict
  val size : dict -> i64
}

module naive_dict : dict = {
  type~ dict = []bool
  def mk () : (dict, dict) = ([], [true])
  def grow (d: dict) : dict = d ++ [false, true]
  def size (d: dict) = length d
}

def main (x: i64) =
  let (a, b) = naive_dict.mk ()
  in (x + naive_dict.size a + naive_dict.size b, naive_dict.size (naive_dict.grow b))
