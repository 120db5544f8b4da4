-- A syntax error: a missing closing parenthesis.
entry main (x: i32) : i32 =
  (x + 1
