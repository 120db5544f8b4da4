-- An entry point whose parameter type is left open.
entry main xs = xs
