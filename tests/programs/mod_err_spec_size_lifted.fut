-- A value spec may not have a size-lifted type: the size of `empty`
-- would be unknown (Futhark's ascription-sizelifted0, its issue 2120).
-- ==
-- error: Value "empty" may not have a size-lifted type

module type dict = {
  type~ dict
  val empty : dict
}

module naive_dict : dict = {
  type~ dict = []bool
  def empty = []
}

def main (x: i32) = x
