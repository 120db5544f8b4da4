-- A type abbreviation hides an anonymous size in a function's parameter.
type^ t = []bool -> bool

entry main (x: bool) : bool = x
