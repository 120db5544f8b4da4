-- A value of a module ascribed a module type is named in messages as
-- written (s.single), not as the module elimination renamed its opaque
-- view; the abstract key type does not accept an i32 (as in a published
-- sorted-dictionary test whose module hides its key type).
-- ==
-- error: Cannot apply "s.single" to "x" \(argument 1\): expected type s.k, but found i32

module type dict = { type k val single : k -> bool -> [1](k, bool) }

module s : dict = {
  type k = i32
  def single (x: k) (b: bool) = [(x, b)]
}

def main (x: i32) = (s.single x true)[0].1
