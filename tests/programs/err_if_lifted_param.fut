-- A lifted type parameter may stand for a function, which an if cannot
-- return, even where every use instantiates it with a value type.
-- ==
-- error: lifted type parameter '\^a, which may be a function type

def choose '^a (b: bool) (x: a) (y: a) : a = if b then x else y

def main (b: bool) (x: i32) : i32 = choose b x 0
