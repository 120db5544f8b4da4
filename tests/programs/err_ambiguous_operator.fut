-- Operators alone do not say which numeric type a definition works on,
-- even when no entry point uses the definition.
-- ==
-- error: Type is ambiguous

def scale a b = a * b

def main (x: i32) = x
