-- A value whose parameter is unique does not match a module type that
-- specifies it shared; the message shows both types (after Futhark's
-- ascription-error6).
-- ==
-- error: \(val f: \[1\]f32 -> bool .*but its type is \*\[1\]f32 -> bool

module M
  : {
      val f : [1]f32 -> bool
    } = {
  def f (_: *[1]f32) = true
}

def main (x: [1]f32) = M.f (copy x)
