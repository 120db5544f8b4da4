-- Line comments may appear at the end of any line and between the
-- tokens of an expression.
-- ==
-- input { 5 }
-- output { 12 }
def main (x: i32) = -- a comment after the header
  let y = x + 1 -- increment
  -- a whole-line comment inside an expression
  in y -- the operand
     * 2 -- the factor
