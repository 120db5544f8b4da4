-- A user-defined operator takes the precedence and associativity of
-- the built-in operator its name starts with.
-- ==
-- input { 1 2 3 }
-- output { 161 307 -4 }
def (x: i32) +^ (y: i32) = x + y + 100
def (x: i32) *^ (y: i32) = x * y * 10
def (a: i32) ==> (b: i32) = a * 100 + b
def (a: i32) -| (b: i32) = a - b

def main (a: i32) (b: i32) (c: i32) =
  ( a +^ b *^ c        -- a +^ (b *^ c) = 1 + 60 + 100
  , a + b ==> c + 4    -- (a + b) ==> (c + 4) = 300 + 7
  , a -| b -| c        -- (a -| b) -| c
  )
