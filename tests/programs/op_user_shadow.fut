-- A program's own definition of a built-in operator shadows the built-in
-- from there on, in infix uses, sections and the pipe, as in Futhark;
-- uses before the definition keep the built-in.
-- ==
-- input { 5 } output { 6 4 7 true 8 [3, 4] 6 7 5f32 }

def before (x: i32) = x + 1

def (+) (x: i32) (y: i32) = x - y
def (|>) (x: i32) (f: i32 -> i32) = f (f x)
def (&&) (a: bool) (b: bool) = a || b
def (*) (a: i32) (b: i32) = a - (-b)

def main (x: i32) =
  (before x, x + 1, x |> (\y -> y - (-1)), false && true, x * 3,
   map (* 2) [1, 2], reduce (*) 0 [1, 2, 3], (3 *) 4, 2f32 - (-3f32))
