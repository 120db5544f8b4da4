-- The result of a function whose declared result type is a type parameter
-- may be its argument (as id's is), whatever it is instantiated with.
-- ==
-- error: :9:3: error: Consuming "vals", which is not consumable

def pass 't (v: t) : t = v

def main (vals: []i32) : []i32 =
  pass vals with [0] = 1
