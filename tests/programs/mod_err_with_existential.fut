-- Without parentheses, an existential type after `with` is a syntax
-- error, as in Futhark (its refinement takes a type term); the message
-- says how to write it.
-- ==
-- error: an existential type after `with` is written in parentheses

module type mt = { type~ t }

module M : mt with t = ?[k].[k]bool = { type~ t = ?[k].[k]bool }

def main (x: i32) = x
